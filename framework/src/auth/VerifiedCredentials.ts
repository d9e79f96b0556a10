import { createHmac, randomBytes } from 'node:crypto';

/**
 * Credentials found right in the last minute, as web servers keep them: a client that sends
 * its password with every request (HTTP Basic does) would otherwise cost a bcrypt check, tens
 * of milliseconds of CPU, each time. Only right credentials are kept, so guesses cannot fill
 * it, and never the password itself: each is kept as an HMAC under a key made at start-up.
 * Bounded, oldest out first; restart to forget every entry.
 */
export class VerifiedCredentials {
  readonly #key = randomBytes(32);
  /** Expiry time by HMAC, in insertion order. */
  readonly #until = new Map<string, number>();
  readonly #lifetimeMs: number;
  readonly #max: number;

  /**
   * @param lifetimeMs - how long an entry is trusted; a minute by default
   * @param max - how many entries are kept at most
   */
  constructor(lifetimeMs = 60_000, max = 1000) {
    this.#lifetimeMs = lifetimeMs;
    this.#max = max;
  }

  /** What stands for a user name and password here. */
  keyOf(user: string, password: string): string {
    return createHmac('sha256', this.#key)
      .update(user)
      .update('\0')
      .update(password)
      .digest('base64');
  }

  /** Whether the credentials of `key` were found right within the lifetime. */
  has(key: string): boolean {
    const until = this.#until.get(key);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.#until.delete(key);
    return false;
  }

  /** Remembers that the credentials of `key` are right. */
  add(key: string): void {
    this.#until.delete(key);
    this.#until.set(key, Date.now() + this.#lifetimeMs);
    if (this.#until.size > this.#max) this.#until.delete(this.#until.keys().next().value as string);
  }
}
