import { COUNT_WINDOW, type NonceCheck, type NonceCounts } from './NonceCounts.ts';

interface Used {
  readonly issuedAt: number;
  highest: number;
  /** The counts used within {@link COUNT_WINDOW} of the highest. */
  readonly counts: Set<number>;
}

/** What is kept for one user: the counts of the nonces it used, oldest use first. */
interface Account {
  readonly used: Map<string, Used>;
  /** Its nonces issued at or before this time are stale: their counts were dropped to make room. */
  staleBefore: number;
}

/**
 * The nonce counts of {@link DigestNonces} in this process's memory, as one machine needs.
 *
 * Counts are kept per user, each user's bounded on its own: a user who uses more nonces than
 * that (a client that asks for a new one each time, or one flooding on purpose) drops its own
 * oldest counts, making only its own older nonces stale, never another user's. The memory is
 * bounded too: the users of the htdigest file, times `maxPerUser`.
 *
 * @example
 * ```ts
 * const counts = new MemoryNonceCounts(300_000, 1_000);
 * const issuedAt = Date.now();
 * counts.use('alice', 'a-nonce', issuedAt, 1); // 'ok'
 * counts.use('alice', 'a-nonce', issuedAt, 1); // 'replayed'
 * ```
 */
export class MemoryNonceCounts implements NonceCounts {
  readonly #accounts = new Map<string, Account>();
  readonly #lifetimeMs: number;
  readonly #maxPerUser: number;

  /**
   * Creates the counts.
   *
   * @param lifetimeMs - how long a nonce is accepted: past it, its count can go
   * @param maxPerUser - how many used nonces' counts are kept per user at most; past it, that
   *   user's oldest go, and its nonces issued before theirs turn stale (a replay must never
   *   find its count gone). A client reusing its nonce, as clients do, needs one.
   */
  constructor(lifetimeMs: number, maxPerUser: number) {
    this.#lifetimeMs = lifetimeMs;
    this.#maxPerUser = maxPerUser;
  }

  use(user: string, nonce: string, issuedAt: number, count: number): NonceCheck {
    const account = this.#accounts.get(user) ?? { used: new Map(), staleBefore: 0 };
    if (issuedAt <= account.staleBefore) {
      account.used.delete(nonce);
      return 'stale';
    }
    const used = account.used.get(nonce);
    if (used !== undefined) return record(used, count);
    this.#makeRoom(account);
    account.used.set(nonce, { issuedAt, highest: count, counts: new Set([count]) });
    this.#accounts.set(user, account);
    return 'ok';
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

/** Records a count of a used nonce, unless it was used or lies below the window. */
function record(used: Used, count: number): NonceCheck {
  if (count <= used.highest - COUNT_WINDOW || used.counts.has(count)) return 'replayed';
  used.counts.add(count);
  if (count > used.highest) {
    used.highest = count;
    for (const old of used.counts) if (old <= count - COUNT_WINDOW) used.counts.delete(old);
  }
  return 'ok';
}
