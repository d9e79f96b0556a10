import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * What {@link DigestNonces.use} says about a nonce and its count.
 *
 * @category Authentication
 */
export type NonceCheck = 'ok' | 'stale' | 'replayed';

interface Used {
  readonly issuedAt: number;
  lastCount: number;
}

/** What is kept for one user: the counts of the nonces it used, oldest use first. */
interface Account {
  readonly used: Map<string, Used>;
  /** Its nonces issued at or before this time are stale: their counts were dropped to make room. */
  staleBefore: number;
}

/** A nonce: 8 bytes of issue time and 8 random ones, then 16 bytes of their HMAC. */
const NONCE_BYTES = 32;

/**
 * The server nonces of HTTP Digest: valid for a limited time, and each with the highest nonce
 * count (`nc`) seen so far, so that a replayed request (same or lower count) is refused.
 *
 * A nonce carries its own issue time, signed with an HMAC under a key made at start-up, so
 * issuing one stores nothing: no number of unauthenticated requests can push out a nonce a
 * client is using. Counts are kept only for nonces that were used, and a use is recorded only
 * after the response digest matched, that is for users of the htdigest file who know their
 * password. After a restart the key is new: clients get `stale=true` and simply retry.
 *
 * Counts are kept per user, each user's bounded on its own: a user who uses more nonces than
 * that (a client that asks for a new one each time, or one flooding on purpose) drops its own
 * oldest counts, making only its own older nonces stale, never another user's. The memory is
 * bounded too: the users of the file, times `maxPerUser`.
 *
 * @example
 * ```ts
 * const nonces = new DigestNonces(300);
 * const nonce = nonces.issue();
 * nonces.use('alice', nonce, 1); // 'ok'
 * nonces.use('alice', nonce, 1); // 'replayed'
 * ```
 *
 * @category Authentication
 */
export class DigestNonces {
  readonly #key = randomBytes(32);
  readonly #accounts = new Map<string, Account>();
  readonly #lifetimeMs: number;
  readonly #maxPerUser: number;

  /**
   * Creates the store.
   *
   * @param maxPerUser - how many used nonces' counts are kept per user at most; past it, that
   *   user's oldest go, and its nonces issued before theirs turn stale (a replay must never
   *   find its count gone). A client reusing its nonce, as clients do, needs one.
   */
  constructor(lifetimeSeconds = 300, maxPerUser = 1_000) {
    this.#lifetimeMs = lifetimeSeconds * 1000;
    this.#maxPerUser = maxPerUser;
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
   *
   * @returns `ok`; `stale` for a nonce not issued here or expired; `replayed` for a count not above the last one
   */
  use(user: string, nonce: string, count: number): NonceCheck {
    const issuedAt = this.#issuedAt(nonce);
    const account = this.#accounts.get(user) ?? { used: new Map(), staleBefore: 0 };
    if (
      issuedAt === undefined ||
      issuedAt + this.#lifetimeMs <= Date.now() ||
      issuedAt <= account.staleBefore
    ) {
      account.used.delete(nonce);
      return 'stale';
    }
    const used = account.used.get(nonce);
    if (used !== undefined) {
      if (count <= used.lastCount) return 'replayed';
      used.lastCount = count;
      return 'ok';
    }
    this.#makeRoom(account);
    account.used.set(nonce, { issuedAt, lastCount: count });
    this.#accounts.set(user, account);
    return 'ok';
  }

  /** The issue time a nonce carries, if this store issued it. */
  #issuedAt(nonce: string): number | undefined {
    const bytes = Buffer.from(nonce, 'base64url');
    if (bytes.length !== NONCE_BYTES) return undefined;
    const body = bytes.subarray(0, 16);
    if (!timingSafeEqual(bytes.subarray(16), this.#mac(body))) return undefined;
    return Number(body.readBigUInt64BE(0));
  }

  #mac(body: Buffer): Buffer {
    return createHmac('sha256', this.#key).update(body).digest().subarray(0, 16);
  }

  /**
   * Drops the user's counts of expired nonces at the front (its oldest uses), then its oldest
   * while it has its fill, making every nonce of the user issued before a dropped one stale.
   */
  #makeRoom(account: Account): void {
    const expired = Date.now() - this.#lifetimeMs;
    for (const [nonce, { issuedAt }] of account.used) {
      if (issuedAt > expired && account.used.size < this.#maxPerUser) break;
      account.used.delete(nonce);
      if (issuedAt > expired) account.staleBefore = Math.max(account.staleBefore, issuedAt);
    }
  }
}
