import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MemoryNonceCounts } from '../../stores/MemoryNonceCounts.ts';
import type { NonceCheck, NonceCounts } from '../../stores/NonceCounts.ts';
import { RedisNonceCounts } from '../../stores/RedisNonceCounts.ts';
import type { SharedStore } from '../../stores/SharedStore.ts';
import type { SettlesWith } from '../../stores/StoreCheck.ts';

/**
 * The options of {@link DigestNonces}.
 *
 * @category Authentication
 */
export interface DigestNoncesOptions {
  /**
   * The secret nonces are signed with, at least 32 characters: every machine that shares a
   * `store` must be given the same. Without it, one is made at start-up.
   */
  key?: string | undefined;
  /** The store that machines share, to keep nonce counts in its Redis server. */
  store?: SharedStore | undefined;
  /**
   * Without a store: how many used nonces' counts are kept per user at most, 1,000. Past it,
   * that user's oldest go, and its nonces issued before theirs turn stale (a replay must
   * never find its count gone). A client reusing its nonce, as clients do, needs one.
   */
  maxPerUser?: number | undefined;
}

/** The shortest `key`, in characters: as long as the random key made at start-up, in bytes. */
const SHORTEST_KEY = 32;

/** A nonce: 8 bytes of issue time and 8 random ones, then 16 bytes of their HMAC. */
const NONCE_BYTES = 32;

/**
 * The server nonces of HTTP Digest: valid for a limited time, and each with the nonce counts
 * (`nc`) used so far, so that a replayed request (a count used already) is refused, while
 * parallel requests that arrive out of order are not (see `COUNT_WINDOW`).
 *
 * A nonce carries its own issue time, signed with an HMAC, so issuing one stores nothing: no
 * number of unauthenticated requests can push out a nonce a client is using. The HMAC key is
 * the configured `key`, the same on every machine, so that a nonce issued by one is accepted
 * by all; without it, a key made at start-up, so that after a restart clients get
 * `stale=true` and simply retry.
 *
 * Counts are kept only for nonces that were used, and a use is recorded only after the
 * response digest matched, that is for users of the htdigest file who know their password.
 * They live in this process's memory, each user's bounded on its own (see
 * {@link DigestNoncesOptions.maxPerUser}), or, with a shared `store`, in Redis for as long as
 * their nonce is accepted, so that a replay sent to another machine is refused there too.
 *
 * @example
 * ```ts
 * const nonces = new DigestNonces(300);
 * const nonce = nonces.issue();
 * await nonces.use('alice', nonce, 1); // 'ok'
 * await nonces.use('alice', nonce, 1); // 'replayed'
await nonces.use('alice', nonce, 3); // 'ok'
await nonces.use('alice', nonce, 2); // 'ok': out of order, but not used yet
 *
 * // Alike on every machine:
 * const shared = new DigestNonces(300, {
 *   key: 'a secret of at least 32 characters, from the environment',
 *   store: new SharedStore({ redis: 'redis://10.0.0.5:6379/0' }),
 * });
 * ```
 *
 * @category Authentication
 */
export class DigestNonces {
  readonly #key: Buffer;
  readonly #counts: NonceCounts;
  readonly #lifetimeMs: number;
  readonly #store: SharedStore | undefined;

  /**
   * Creates the nonces.
   *
   * @param lifetimeSeconds - how long a nonce is accepted
   *
   * @throws {Error} for a `key` shorter than 32 characters, and for a `store` without a `key`
   */
  constructor(lifetimeSeconds = 300, options: DigestNoncesOptions = {}) {
    const { key, store, maxPerUser = 1_000 } = options;
    if (key !== undefined && (typeof key !== 'string' || key.length < SHORTEST_KEY)) {
      throw new Error(
        `authentication.digest.key must be at least ${SHORTEST_KEY} characters: a random secret, the same on every machine`,
      );
    }
    if (store !== undefined && key === undefined) {
      throw new Error(
        'authentication.digest.key is missing: with authentication.store, every machine must sign ' +
          'Digest nonces with the same key. Set it (at least 32 random characters, the same on every ' +
          'machine) in an authentication.local.* file or from an environment variable, out of git',
      );
    }
    this.#key = key === undefined ? randomBytes(32) : Buffer.from(key, 'utf8');
    this.#lifetimeMs = lifetimeSeconds * 1000;
    this.#store = store;
    this.#counts =
      store === undefined
        ? new MemoryNonceCounts(this.#lifetimeMs, maxPerUser)
        : new RedisNonceCounts(store, this.#lifetimeMs);
  }

  /** A fresh nonce; nothing is stored. */
  issue(): string {
    const body = Buffer.alloc(16);
    body.writeBigUInt64BE(BigInt(Date.now()));
    randomBytes(8).copy(body, 8);
    return Buffer.concat([body, this.#mac(body)]).toString('base64url');
  }

  /**
   * Records a use of the nonce by `user` with count `count`. Call it only once the response
   * digest matched, so that only users who know their password make the store keep anything.
   * The digest signs the user name, so a replay always comes back under the same one.
   *
   * @param user - the user name the matching digest was computed for
   * @param count - the client's nonce count (`nc`), as a number
   * @param settling - the attempt's admission, settled by the answer: with counts in the
   *   same shared store, the count is recorded in the same round trip
   *
   * @returns `ok`; `stale` for a nonce not signed with this key or expired; `replayed` for a
   *   count used already, or too far below the highest (see `COUNT_WINDOW`)
   *
   * @throws {ApiProblem} 503 with `Retry-After` while the shared store cannot be reached
   */
  async use(
    user: string,
    nonce: string,
    count: number,
    settling?: SettlesWith,
  ): Promise<NonceCheck> {
    const issuedAt = this.#issuedAt(nonce);
    if (issuedAt === 'another key') {
      // Machines of one store with different keys answer stale at every switch between
      // them; the client copes, so nothing else would say why.
      this.#store?.note(
        'digest-key',
        'a Digest nonce signed with another key was answered stale: give every machine that ' +
          'shares authentication.store the same authentication.digest.key',
      );
    }
    if (typeof issuedAt !== 'number' || issuedAt + this.#lifetimeMs <= Date.now()) return 'stale';
    return this.#counts.use(user, nonce, issuedAt, count, settling);
  }

  /** The issue time a nonce carries, if it was signed with this key. */
  #issuedAt(nonce: string): number | 'malformed' | 'another key' {
    const bytes = Buffer.from(nonce, 'base64url');
    if (bytes.length !== NONCE_BYTES) return 'malformed';
    const body = bytes.subarray(0, 16);
    if (!timingSafeEqual(bytes.subarray(16), this.#mac(body))) return 'another key';
    return Number(body.readBigUInt64BE(0));
  }

  #mac(body: Buffer): Buffer {
    return createHmac('sha256', this.#key).update(body).digest().subarray(0, 16);
  }
}
