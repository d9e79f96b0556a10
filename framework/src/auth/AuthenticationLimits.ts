import Database from 'better-sqlite3';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterSQLite,
} from 'rate-limiter-flexible';
import { ApiProblem } from '../problem/ApiProblem.ts';

/**
 * How many failed authentications a client may make. Configured as `authentication.limits`.
 *
 * @category Authentication
 */
export interface AuthenticationLimitsOptions {
  /** Failed authentications allowed per key (address, user, OAuth2 client) in a window; 10. */
  failures?: number | undefined;
  /** The window, in seconds; 60. A key past its failures waits until its window is over. */
  window?: number | undefined;
  /**
   * An SQLite file to count in, which every process serving the application shares;
   * without it each process counts on its own, in memory.
   */
  database?: string | undefined;
}

/**
 * Limits on failed authentications, against password guessing: each failure counts against
 * the client's address, and against the user name or OAuth2 client it named. A key with
 * `failures` failures in the current window is refused, whatever it sends, until the window
 * is over: a 429 problem whose `Retry-After` says when. The real user gets in then. A key
 * locked out again within a day waits twice as long as the time before, up to an hour.
 *
 * Counted with rate-limiter-flexible, in memory by default or in an SQLite table
 * (`authentication_failures`) several processes share.
 *
 * @example
 * ```ts
 * const limits = new AuthenticationLimits({ failures: 5, window: 300 });
 * await limits.failed(['address:192.0.2.7', 'user:editor']);
 * await limits.retryAfter(['user:editor']); // 0 until the fifth failure, then seconds to wait
 * ```
 *
 * @category Authentication
 */
export class AuthenticationLimits {
  readonly #limiter: RateLimiterAbstract;
  /** How often each key was locked out, over a day: each lockout lasts twice the last. */
  readonly #lockouts: RateLimiterAbstract;
  readonly #failures: number;
  readonly #window: number;
  /** Settles once the SQLite table exists (at once in memory). */
  readonly #ready: Promise<unknown>;

  /**
   * Creates the limits.
   */
  constructor(options: AuthenticationLimitsOptions = {}) {
    this.#failures = positive(options.failures, 10, 'failures');
    this.#window = positive(options.window, 60, 'window');
    const database = options.database === undefined ? undefined : new Database(options.database);
    const failures = counter(database, 'failures', this.#failures, this.#window);
    const lockouts = counter(database, 'lockouts', Number.MAX_SAFE_INTEGER, LOCKOUT_MEMORY_S);
    this.#limiter = failures.limiter;
    this.#lockouts = lockouts.limiter;
    this.#ready = Promise.all([failures.ready, lockouts.ready]);
  }

  /**
   * Seconds until every key may try again: 0 when none has used up its failures.
   *
   * @param keys - such as `address:192.0.2.7` and `user:editor`
   */
  async retryAfter(keys: readonly string[]): Promise<number> {
    await this.#ready;
    let wait = 0;
    for (const key of keys) {
      const counted = await this.#limiter.get(key);
      if (counted !== null && counted.consumedPoints >= this.#failures) {
        wait = Math.max(wait, Math.ceil(counted.msBeforeNext / 1000));
      }
    }
    return wait;
  }

  /**
   * Counts one failed authentication against each key. The failure that uses up a key's
   * allowance locks it out: until its window is over the first time, and then, within a day,
   * for twice as long as the time before (backoff), up to an hour.
   *
   * @param keys - the client's address, and the user or client its credentials named
   */
  async failed(keys: readonly string[]): Promise<void> {
    await this.#ready;
    await Promise.all(keys.map((key) => this.#fail(key)));
  }

  async #fail(key: string): Promise<void> {
    const counted = await this.#limiter.penalty(key);
    if (counted.consumedPoints !== this.#failures) return;
    const { consumedPoints: lockouts } = await this.#lockouts.penalty(key);
    if (lockouts < 2) return;
    await this.#limiter.block(key, Math.min(this.#window * 2 ** (lockouts - 1), LONGEST_LOCKOUT_S));
  }
}

/** How long a key's lockouts are remembered, in seconds: a day. */
const LOCKOUT_MEMORY_S = 24 * 3600;
/** The longest lockout, in seconds: an hour. */
const LONGEST_LOCKOUT_S = 3600;

/** A counter of `points` per `duration` seconds, in memory or in the shared SQLite table. */
function counter(
  database: Database.Database | undefined,
  keyPrefix: string,
  points: number,
  duration: number,
): { limiter: RateLimiterAbstract; ready: Promise<void> } {
  const settings = { points, duration, keyPrefix };
  if (database === undefined) {
    return { limiter: new RateLimiterMemory(settings), ready: Promise.resolve() };
  }
  let created: (error?: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    created = (error) => (error ? reject(error) : resolve());
  });
  const limiter = new RateLimiterSQLite(
    {
      ...settings,
      storeClient: database,
      storeType: 'better-sqlite3',
      tableName: 'authentication_failures',
    },
    created,
  );
  return { limiter, ready };
}

/** The key of a client's address; requests with no socket (in-process calls) share one. */
export function addressKey(address: string | undefined): string {
  return `address:${address ?? 'in-process'}`;
}

/**
 * The 429 problem of a client that used up its failures.
 *
 * @param seconds - when it may try again
 */
export function tooManyFailures(seconds: number): ApiProblem {
  return new ApiProblem(429, `Too many failed authentications: try again in ${seconds} s`, {
    headers: { 'retry-after': String(seconds) },
  });
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(
      `authentication.limits.${name} must be a whole number of at least 1, not ${value}`,
    );
  }
  return value;
}
