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

/** A nonce: 8 bytes of issue time and 8 random ones, then 16 bytes of their HMAC. */
const NONCE_BYTES = 32;

/**
 * The server nonces of HTTP Digest: valid for a limited time, and each with the highest nonce
 * count (`nc`) seen so far, so that a replayed request (same or lower count) is refused.
 *
 * A nonce carries its own issue time, signed with an HMAC under a key made at start-up, so
 * issuing one stores nothing: no number of unauthenticated requests can push out a nonce a
 * client is using. Counts are kept only for nonces that were used, and a use is recorded only
 * after the response digest matched, that is for clients that know a password. After a
 * restart the key is new: clients get `stale=true` and simply retry.
 *
 * @example
 * ```ts
 * const nonces = new DigestNonces(300);
 * const nonce = nonces.issue();
 * nonces.use(nonce, 1); // 'ok'
 * nonces.use(nonce, 1); // 'replayed'
 * ```
 *
 * @category Authentication
 */
export class DigestNonces {
  readonly #key = randomBytes(32);
  /** The counts of used nonces, oldest use first. */
  readonly #used = new Map<string, Used>();
  readonly #lifetimeMs: number;
  readonly #max: number;
  /** Nonces issued at or before this time are stale: their counts were dropped to make room. */
  #staleBefore = 0;

  /**
   * Creates the store.
   *
   * @param max - how many used nonces' counts are kept at most; past it, the oldest go, and
   *   nonces issued before theirs turn stale (a replay must never find its count gone)
   */
  constructor(lifetimeSeconds = 300, max = 10_000) {
    this.#lifetimeMs = lifetimeSeconds * 1000;
    this.#max = max;
  }

  /** A fresh nonce; nothing is stored. */
  issue(): string {
    const body = Buffer.alloc(16);
    body.writeBigUInt64BE(BigInt(Date.now()));
    randomBytes(8).copy(body, 8);
    return Buffer.concat([body, this.#mac(body)]).toString('base64url');
  }

  /**
   * Records a use of the nonce with count `count`. Call it only once the response digest
   * matched, so that only clients that know a password make the store keep anything.
   *
   * @param count - the client's nonce count (`nc`), as a number
   *
   * @returns `ok`; `stale` for a nonce not issued here or expired; `replayed` for a count not above the last one
   */
  use(nonce: string, count: number): NonceCheck {
    const issuedAt = this.#issuedAt(nonce);
    if (
      issuedAt === undefined ||
      issuedAt + this.#lifetimeMs <= Date.now() ||
      issuedAt <= this.#staleBefore
    ) {
      this.#used.delete(nonce);
      return 'stale';
    }
    const used = this.#used.get(nonce);
    if (used !== undefined) {
      if (count <= used.lastCount) return 'replayed';
      used.lastCount = count;
      return 'ok';
    }
    this.#makeRoom();
    this.#used.set(nonce, { issuedAt, lastCount: count });
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
   * Drops the counts of expired nonces at the front (the oldest uses), then the oldest while
   * the store is full, making every nonce issued before a dropped one stale.
   */
  #makeRoom(): void {
    const expired = Date.now() - this.#lifetimeMs;
    for (const [nonce, { issuedAt }] of this.#used) {
      if (issuedAt > expired && this.#used.size < this.#max) break;
      this.#used.delete(nonce);
      if (issuedAt > expired) this.#staleBefore = Math.max(this.#staleBefore, issuedAt);
    }
  }
}
