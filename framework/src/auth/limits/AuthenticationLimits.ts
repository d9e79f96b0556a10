import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterRes,
  RateLimiterSQLite,
} from 'rate-limiter-flexible';
import { ApiProblem } from '../../problem/ApiProblem.ts';
import type { SharedStore } from '../stores/SharedStore.ts';
import { type AuthenticationAttempt, addressKey, principalKeys } from './failureKeys.ts';
import { RecentKeys } from './RecentKeys.ts';

/**
 * How many failed authentications a client may make. Configured as `authentication.limits`.
 *
 * @category Authentication
 */
export interface AuthenticationLimitsOptions {
  /**
   * Failures in a row one address may make for one user (or OAuth2 client) before that pair
   * waits `window` seconds; 10. A success from the pair starts the count again.
   */
  failures?: number | undefined;
  /** The seconds a pair waits once it used up its `failures`; 60. */
  window?: number | undefined;
  /**
   * Failures one address may make in an hour, whatever the users they name, before it waits
   * until the hour is over; 100. Much looser than `failures`: the people behind one proxy or
   * NAT share an address, and one of them must not lock the others out.
   */
  addressFailures?: number | undefined;
  /**
   * Guesses at one user's password (or one OAuth2 client's secret) in an hour from every
   * address where it has not authenticated lately, all together; 20. Past it, such an
   * address waits until the hour is over, however many addresses the guesser has; an
   * address where the account authenticated in the last week keeps its own `failures`.
   */
  userFailures?: number | undefined;
  /**
   * The most counts this process keeps, 50,000 by default: a flood of made-up names and
   * addresses pushes the least recently used out rather than fill the memory. Counts used up
   * are kept apart until their wait is over, up to as many again, so that such a flood
   * cannot free an account or an address from its wait. Counts in a shared store are not
   * kept here: their expiry bounds them there.
   */
  maxKeys?: number | undefined;
  /**
   * An SQLite file to count in, which every process of one machine shares; without it (and
   * without a shared store) each process counts on its own, in memory. Not with a shared
   * store: choose one.
   */
  database?: string | undefined;
}

/** The options {@link AuthenticationLimits} knows: another key is a mistake, said at start-up. */
const OPTIONS = [
  'failures',
  'window',
  'addressFailures',
  'userFailures',
  'maxKeys',
  'database',
] as const;

/** How long counts per address and per account last, in seconds: an hour. */
const HOUR_S = 3600;

/**
 * How long an address stays known to an account after it authenticated there, in seconds:
 * a week. (Also below the longest timer Node keeps, 24.8 days, which the counts in memory use.)
 */
const KNOWN_S = 7 * 24 * 3600;

/** The counts of a guess: per pair of address and user, per address, per account, and known pairs. */
interface Counters {
  readonly pairs: RateLimiterAbstract;
  readonly addresses: RateLimiterAbstract;
  readonly accounts: RateLimiterAbstract;
  /** The pairs whose address is known to its account: set by a success, kept a week. */
  readonly known: RateLimiterAbstract;
}

/**
 * How a checked guess turned out: `right`, `wrong`, or `unchecked` (refused for want of
 * room, a store that failed, or no guess at all, such as a right Digest response on a stale
 * nonce). Only `wrong` counts.
 *
 * @category Authentication
 */
export type GuessOutcome = 'right' | 'wrong' | 'unchecked';

/**
 * What {@link AuthenticationLimits.admit} decided about an attempt, counted in advance.
 *
 * @category Authentication
 */
export interface Admission {
  /** Seconds the client must wait before anything is checked; 0 when it may try. */
  readonly retryAfter: number;
  /**
   * Why it must wait: its `address` made too many failures, the `pair` of its address and
   * the user, or the `account` was guessed at too often from addresses it does not know.
   */
  readonly because?: 'address' | 'pair' | 'account' | undefined;
  /**
   * Settles the count made in advance, once the credentials were checked: a wrong guess
   * keeps it, anything else takes it back. Returns the seconds the client must now wait
   * (the failure that uses up an allowance is answered 429 already). A plain outcome is
   * every name's; an object says the user's and the OAuth2 client's apart.
   */
  settle(
    outcome: GuessOutcome | Readonly<Record<'user' | 'client', GuessOutcome>>,
  ): Promise<number>;
}

/** A count made in advance: of the address, or of a pair or an account of one name. */
interface Reserved {
  readonly counter: RateLimiterAbstract;
  readonly key: string;
  readonly limit: number;
  /** The name's kind, `user` or `client`; undefined for the address's count. */
  readonly name?: 'user' | 'client' | undefined;
  readonly result: RateLimiterRes;
  /**
   * Counted only to be taken back: an account's count, reserved before it was known that the
   * address is its owner's (see `admit`).
   */
  readonly takenBack?: boolean;
}

/**
 * Limits on password guessing, bounded per account whatever the guesser's addresses, and
 * built so that they cannot be turned against the people they protect (after OWASP's
 * authentication cheat sheet: its device cookies, for an API, become known addresses).
 *
 * Each attempt is counted before its credentials are checked, so that guesses sent all at
 * once get no more answers than guesses sent one after another; the count is taken back
 * unless the guess was wrong. It is counted:
 *
 * - per **pair** of address and user (or OAuth2 client): `failures` in a row and that pair
 *   waits `window` seconds; a success starts the count again.
 * - per **address**: a much looser `addressFailures` an hour, for a client that guesses at
 *   many names.
 * - per **account**, only from addresses it does not know: an address is known to an
 *   account for a week after the account authenticated there. All the other addresses
 *   together share `userFailures` guesses an hour; past it, each of them waits until the
 *   hour is over. However many addresses a guesser has, the account gets `userFailures`
 *   guesses an hour from them, while its owner, from a known address, is never refused
 *   for them.
 *
 * A client that must wait gets a 429 problem with `Retry-After`, whatever it sends: the
 * right password too, so that guessing on does not pay off. A right password, a refusal for
 * want of room (503) and a check that is no guess leave no count behind. Only password
 * checks are limited: a valid Bearer token is never refused for guesses at the password.
 *
 * Counted with rate-limiter-flexible: in memory by default, in an SQLite table
 * (`authentication_failures`) the processes of one machine share, or in the Redis server of
 * a {@link SharedStore} that several machines share, so that guesses spread over them
 * count as one. Long names are kept as their SHA-256. In this process, at most `maxKeys`
 * counts are kept, the least recently used going first, and a count used up stays until
 * its wait is over, whatever new names arrive (see RecentKeys.ts); in Redis, each count
 * expires with its time.
 *
 * With a shared store the limits fail closed: while Redis cannot be reached, every method
 * throws the store's 503 problem with `Retry-After`, never an answer that lets a guess in.
 *
 * @example
 * ```ts
 * const limits = new AuthenticationLimits({ failures: 5, window: 300 });
 * const admission = await limits.admit({ address: '192.0.2.7', user: 'editor' });
 * admission.retryAfter; // 0: check the password
 * await admission.settle('wrong'); // 0: it may try again
 *
 * // Counted in Redis, alike on every machine:
 * const store = new SharedStore({ redis: 'redis://10.0.0.5:6379/0' });
 * const shared = new AuthenticationLimits({ failures: 5 }, store);
 * ```
 *
 * @category Authentication
 */
export class AuthenticationLimits {
  readonly #failures: number;
  readonly #window: number;
  readonly #addressFailures: number;
  readonly #userFailures: number;
  /**
   * This process's counters, in memory or SQLite, with their keys, bounded to `maxKeys`, and
   * a promise that settles once the SQLite table exists; undefined with a shared store.
   */
  readonly #local: { counters: Counters; keys: RecentKeys; ready: Promise<unknown> } | undefined;
  readonly #store: SharedStore | undefined;
  /** The counters in Redis, for the client they were made with. */
  #shared: { redis: Redis; counters: Counters } | undefined;

  /**
   * Creates the limits.
   *
   * @param store - the store that machines share, to count in its Redis server
   *
   * @throws {Error} for an option it does not know, or one that is not a whole number, and
   *   for both a `database` and a `store`
   */
  constructor(options: AuthenticationLimitsOptions = {}, store?: SharedStore) {
    for (const name of Object.keys(options)) {
      if (!(OPTIONS as readonly string[]).includes(name))
        throw new Error(`authentication.limits.${name} is unknown: use ${OPTIONS.join(', ')}`);
    }
    this.#failures = positive(options.failures, 10, 'failures');
    this.#window = positive(options.window, 60, 'window');
    this.#addressFailures = positive(options.addressFailures, 100, 'addressFailures');
    this.#userFailures = positive(options.userFailures, 20, 'userFailures');
    const maxKeys = positive(options.maxKeys, 50_000, 'maxKeys');
    this.#store = store;
    if (store !== undefined) {
      if (options.database !== undefined) {
        throw new Error(
          'authentication.limits.database and authentication.store are both configured: choose one, ' +
            'the store for several machines or the SQLite file for the processes of one',
        );
      }
      return;
    }
    const database = options.database === undefined ? undefined : new (sqlite())(options.database);
    const made = {
      pairs: counter(database, 'pair', this.#failures, HOUR_S),
      addresses: counter(database, 'address', this.#addressFailures, HOUR_S),
      accounts: counter(database, 'account', this.#userFailures, HOUR_S),
      known: counter(database, 'known', 1, KNOWN_S),
    };
    this.#local = {
      counters: {
        pairs: made.pairs.limiter,
        addresses: made.addresses.limiter,
        accounts: made.accounts.limiter,
        known: made.known.limiter,
      },
      keys: new RecentKeys(maxKeys),
      ready: Promise.all(Object.values(made).map(({ ready }) => ready)),
    };
  }

  /**
   * How many counts this process keeps: never more than `maxKeys` that allow guesses and as
   * many used up; none with a shared store.
   */
  get size(): number {
    return this.#local?.keys.size ?? 0;
  }

  /**
   * Counts an attempt as a guess before its credentials are checked, or refuses it: then
   * nothing is checked, and its `retryAfter` says how long the client must wait. Without a
   * user or client, only its address is counted. Settle every admission once the credentials
   * were checked, whatever happened (see {@link Admission.settle}).
   */
  admit(attempt: AuthenticationAttempt): Promise<Admission> {
    return this.#counting(async (counters) => {
      const { address, named } = this.#keysOf(attempt, counters);
      const wanted: Array<Omit<Reserved, 'result'>> = [
        { counter: counters.addresses, key: address, limit: this.#addressFailures },
      ];
      for (const { name, pair, account } of named) {
        wanted.push({ counter: counters.pairs, key: pair, limit: this.#failures, name });
        wanted.push({ counter: counters.accounts, key: account, limit: this.#userFailures, name });
      }
      // Whether the address is known, and the counts, in one round trip to a shared store:
      // each account's count is reserved at once, and taken back when settled if the address
      // turns out to be its owner's.
      const [known, counted] = await Promise.all([
        Promise.all(named.map(({ pair }) => counters.known.get(pair))),
        Promise.all(
          wanted.map(async (want) => ({ ...want, result: await want.counter.penalty(want.key) })),
        ),
      ]);
      // An address known to any name the attempt gives is its owner's: no account budget.
      const stranger = known.every((pair) => pair === null);
      const reserved = counted.map((count) =>
        stranger || count.counter !== counters.accounts ? count : { ...count, takenBack: true },
      );
      const over = reserved.filter(
        ({ result, limit, takenBack }) => !takenBack && result.consumedPoints > limit,
      );
      if (over.length === 0)
        return { retryAfter: 0, settle: (outcome) => this.#settle(reserved, outcome) };
      await Promise.all(reserved.map(({ counter, key }) => counter.reward(key)));
      for (const { counter, key, result } of over) this.#spent(counter, key, result.msBeforeNext);
      const longest = over.reduce((a, b) =>
        b.result.msBeforeNext > a.result.msBeforeNext ? b : a,
      );
      return {
        retryAfter: Math.ceil(longest.result.msBeforeNext / 1000),
        because: becauseOf(longest.counter, counters),
        settle: async () => 0,
      };
    });
  }

  /**
   * Keeps the counts of a wrong guess and takes back the others; a right password starts
   * its pair's count again and makes the address known to its account.
   */
  #settle(
    reserved: readonly Reserved[],
    outcome: GuessOutcome | Readonly<Record<'user' | 'client', GuessOutcome>>,
  ): Promise<number> {
    const of = (name: 'user' | 'client' | undefined): GuessOutcome => {
      if (typeof outcome === 'string') return outcome;
      if (name !== undefined) return outcome[name];
      // The address's count: kept if any name's guess was wrong.
      return outcome.user === 'wrong' || outcome.client === 'wrong' ? 'wrong' : 'unchecked';
    };
    return this.#counting(async (counters) => {
      const waits = await Promise.all(
        reserved.map(async ({ counter, key, limit, name, result, takenBack }) => {
          const settled = takenBack ? 'unchecked' : of(name);
          if (settled === 'right' && counter === counters.pairs) {
            await Promise.all([counter.delete(key), counters.known.block(key, KNOWN_S)]);
          } else if (settled !== 'wrong') {
            await counter.reward(key);
          } else if (result.consumedPoints >= limit) {
            // The failure that uses up an allowance is answered 429 already; a pair's
            // allowance then waits `window` seconds.
            const wait = counter === counters.pairs ? this.#window * 1000 : result.msBeforeNext;
            if (counter === counters.pairs) await counter.block(key, this.#window);
            this.#spent(counter, key, wait);
            return wait;
          }
          return 0;
        }),
      );
      return Math.ceil(Math.max(0, ...waits) / 1000);
    });
  }

  /** Keeps a used-up count in this process until its wait is over (see RecentKeys.ts). */
  #spent(counter: RateLimiterAbstract, key: string, ms: number): void {
    this.#local?.keys.spend(counter, key, ms);
  }

  /**
   * Runs `count` on the counters: this process's, or those in the shared store, where any
   * failure to reach Redis becomes the store's 503 problem (never a count of 0).
   */
  async #counting<T>(count: (counters: Counters) => Promise<T>): Promise<T> {
    if (this.#local !== undefined) {
      await this.#local.ready;
      return count(this.#local.counters);
    }
    return (this.#store as SharedStore).run((redis) => count(this.#countersIn(redis)));
  }

  /** The counters in Redis, made once per client (the store makes a new one after `close()`). */
  #countersIn(redis: Redis): Counters {
    if (this.#shared?.redis !== redis) {
      const store = this.#store as SharedStore;
      const counter = (name: string, points: number, duration = HOUR_S) =>
        new RateLimiterRedis({
          storeClient: redis,
          useRedisPackage: false,
          // Refuse at once while the connection is down, rather than wait for it.
          rejectIfRedisNotReady: true,
          keyPrefix: store.key('limits', name),
          points,
          duration,
        });
      const counters = {
        pairs: counter('pair', this.#failures),
        addresses: counter('address', this.#addressFailures),
        accounts: counter('account', this.#userFailures),
        known: counter('known', 1, KNOWN_S),
      };
      this.#shared = { redis, counters };
    }
    return this.#shared.counters;
  }

  /** The keys of an attempt: its address, and a pair and an account per name it gave. */
  #keysOf(
    attempt: AuthenticationAttempt,
    counters: Counters,
  ): {
    address: string;
    named: Array<{ name: 'user' | 'client'; pair: string; account: string }>;
  } {
    // Only this process's keys are bounded here. Keys in Redis expire with their time, and
    // another machine's counts are never deleted to make room here.
    const keys = this.#local?.keys;
    const keep = (counter: RateLimiterAbstract, key: string) =>
      keys === undefined ? key : keys.touch(counter, key);
    const address = keep(counters.addresses, addressKey(attempt.address));
    // Known pairs are not kept here: only a success makes one, so guesses cannot push one out.
    const named = principalKeys(attempt).map((principal) => ({
      name: principal.startsWith('client:') ? ('client' as const) : ('user' as const),
      pair: keep(counters.pairs, `${principal}@${address}`),
      account: keep(counters.accounts, principal),
    }));
    return { address, named };
  }
}

/** better-sqlite3, loaded for a `database` only: limits counted in memory never load it. */
function sqlite(): typeof Database {
  return createRequire(import.meta.url)('better-sqlite3') as typeof Database;
}

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

/** Which limit a counter stands for, to tell a refused client why. */
function becauseOf(counter: RateLimiterAbstract, counters: Counters): Admission['because'] {
  if (counter === counters.addresses) return 'address';
  return counter === counters.pairs ? 'pair' : 'account';
}

/**
 * The 429 problem of a client that used up its failures.
 *
 * @param seconds - when it may try again
 * @param because - which limit it reached: for an account guessed at from addresses it does
 *   not know, the problem says what still works
 */
export function tooManyFailures(seconds: number, because?: Admission['because']): ApiProblem {
  const detail =
    because === 'account'
      ? `Too many failed authentications for this account from addresses it has not signed in from lately: try again in ${seconds} s, from an address where it signed in this week, or with an access token`
      : `Too many failed authentications: try again in ${seconds} s`;
  return new ApiProblem(429, detail, { headers: { 'retry-after': String(seconds) } });
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
