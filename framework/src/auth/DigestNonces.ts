import { randomBytes } from 'node:crypto';

/**
 * What {@link DigestNonces.use} says about a nonce and its count.
 *
 * @category Authentication
 */
export type NonceCheck = 'ok' | 'stale' | 'replayed';

interface Issued {
  readonly expiresAt: number;
  lastCount: number;
}

/**
 * The server nonces of HTTP Digest: random, valid for a limited time, and each with the
 * highest nonce count (`nc`) seen so far, so that a replayed request (same or lower count)
 * is refused. Kept in memory: after a restart clients get `stale=true` and simply retry.
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
  readonly #issued = new Map<string, Issued>();
  readonly #lifetimeMs: number;
  readonly #max: number;

  /**
   * Creates the store.
   *
   * @param lifetimeSeconds - how long a nonce is accepted
   * @param max - how many live nonces are kept at most; the oldest go first
   */
  constructor(lifetimeSeconds = 300, max = 10_000) {
    this.#lifetimeMs = lifetimeSeconds * 1000;
    this.#max = max;
  }

  /** A fresh nonce. */
  issue(): string {
    this.#prune();
    const nonce = randomBytes(16).toString('base64url');
    this.#issued.set(nonce, { expiresAt: Date.now() + this.#lifetimeMs, lastCount: 0 });
    return nonce;
  }

  /**
   * Records a use of the nonce with count `count`.
   *
   * @param nonce - the nonce the client sent back
   * @param count - the client's nonce count (`nc`), as a number
   *
   * @returns `ok`; `stale` for an unknown or expired nonce; `replayed` for a count not above the last one
   */
  use(nonce: string, count: number): NonceCheck {
    const issued = this.#issued.get(nonce);
    if (issued === undefined || issued.expiresAt <= Date.now()) {
      this.#issued.delete(nonce);
      return 'stale';
    }
    if (count <= issued.lastCount) return 'replayed';
    issued.lastCount = count;
    return 'ok';
  }

  /**
   * Drops expired nonces, then the oldest while the store is full. The map keeps insertion
   * order and every nonce lives equally long, so the expired ones are all at the front.
   */
  #prune(): void {
    const now = Date.now();
    for (const [nonce, { expiresAt }] of this.#issued) {
      if (expiresAt > now && this.#issued.size < this.#max) break;
      this.#issued.delete(nonce);
    }
  }
}
