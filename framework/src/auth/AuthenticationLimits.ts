import Database from 'better-sqlite3';
import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterRes,
  RateLimiterSQLite,
} from 'rate-limiter-flexible';
import { ApiProblem } from '../problem/ApiProblem.ts';
import { type AuthenticationAttempt, addressKey, principalKeys } from './failureKeys.ts';
import type { SharedStore } from './SharedStore.ts';

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
   * Failures for one user (or OAuth2 client) in an hour, from every address together, before
   * the account counts as attacked; 50. Until the hour is over, each address gets one failure
   * for it and then waits: guessing from many addresses stays bounded, while the owner, at
   * an address that has not failed, still gets in.
   */
  userFailures?: number | undefined;
  /**
   * The most counts this process keeps, 50,000 by default: a flood of made-up names and
   * addresses pushes the oldest out rather than fill the memory. Counts in a shared store
   * are not kept here: their expiry bounds them there.
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

/** The three counts of a failure: per pair of address and user, per address, per account. */
interface Counters {
  readonly pairs: RateLimiterAbstract;
  readonly addresses: RateLimiterAbstract;
  readonly accounts: RateLimiterAbstract;
}

/**
 * Limits on failed authentications, against password guessing, built so that they cannot be
 * turned against the people they protect (after OWASP's authentication cheat sheet and
 * rate-limiter-flexible's login-protection recipe). Each failure counts three times:
 *
 * - per **pair** of address and user (or OAuth2 client): `failures` in a row and that pair
 *   waits `window` seconds; a success starts the count again. One client's typos, or an
 *   attacker guessing at `editor`, never stop `editor` elsewhere.
 * - per **address**: a much looser `addressFailures` an hour, for a client that guesses at
 *   many names.
 * - per **account**: past `userFailures` an hour from all addresses together, every address
 *   that failed for it waits until the hour is over. Guessing from many addresses gets one
 *   guess per address an hour; the owner, at an address that has not failed, gets in.
 *
 * A client that must wait gets a 429 problem with `Retry-After`, whatever it sends: the
 * right password too, so that guessing on does not pay off. Only password checks are
 * limited: a valid Bearer token is never refused for guesses at the password.
 *
 * Counted with rate-limiter-flexible: in memory by default, in an SQLite table
 * (`authentication_failures`) the processes of one machine share, or in the Redis server of
 * a {@link SharedStore} that several machines share, so that failures spread over them
 * count as one. Long names are kept as their SHA-256. In this process, at most `maxKeys`
 * counts are kept, the oldest going first; in Redis, each count expires with its time.
 *
 * With a shared store the limits fail closed: while Redis cannot be reached, every method
 * throws the store's 503 problem with `Retry-After`, never an answer that lets a guess in.
 *
 * @example
 * ```ts
 * const limits = new AuthenticationLimits({ failures: 5, window: 300 });
 * await limits.failed({ address: '192.0.2.7', user: 'editor' });
 * // 0: it may try again
 * await limits.retryAfter({ address: '198.51.100.1', user: 'editor' });
 * // 0: another client
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
    this.#userFailures = positive(options.userFailures, 50, 'userFailures');
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
    const database = options.database === undefined ? undefined : new Database(options.database);
    const pairs = counter(database, 'pair', this.#failures, HOUR_S);
    const addresses = counter(database, 'address', this.#addressFailures, HOUR_S);
    const accounts = counter(database, 'account', this.#userFailures, HOUR_S);
    this.#local = {
      counters: { pairs: pairs.limiter, addresses: addresses.limiter, accounts: accounts.limiter },
      keys: new RecentKeys(maxKeys),
      ready: Promise.all([pairs.ready, addresses.ready, accounts.ready]),
    };
  }

  /** How many counts this process keeps: never more than `maxKeys`; none with a shared store. */
  get size(): number {
    return this.#local?.keys.size ?? 0;
  }

  /**
   * Seconds the client must wait before its credentials are checked: 0 when it may try.
   * Without a user or client, only its address is asked about.
   */
  retryAfter(attempt: AuthenticationAttempt): Promise<number> {
    return this.#counting(async (counters) => {
      const { address, named } = this.#keysOf(attempt, counters);
      const counts = await Promise.all(
        named.map(async ({ pair, account }) => ({
          pair: await counters.pairs.get(pair),
          account: await counters.accounts.get(account),
        })),
      );
      return this.#wait(await counters.addresses.get(address), counts);
    });
  }

  /**
   * Counts a failed authentication, and says how long the client must now wait: the failure
   * that uses up an allowance is answered 429 already. Counted before the answer, so that
   * guesses sent all at once get no more answers than guesses sent one after another; a
   * caller that knows whom the credentials name may count before checking them, and
   * {@link AuthenticationLimits.refund} the count of what turned out right.
   */
  failed(attempt: AuthenticationAttempt): Promise<number> {
    return this.#counting(async (counters) => {
      const { pairs, addresses, accounts } = counters;
      const { address, named } = this.#keysOf(attempt, counters);
      const counts = await Promise.all(
        named.map(async ({ pair, account }) => {
          const counted = await pairs.penalty(pair);
          return {
            // The failure that uses up a pair's allowance makes it wait `window` seconds.
            pair:
              counted.consumedPoints === this.#failures
                ? await pairs.block(pair, this.#window)
                : counted,
            account: await accounts.penalty(account),
          };
        }),
      );
      return this.#wait(await addresses.penalty(address), counts);
    });
  }

  /**
   * Takes back the failure {@link AuthenticationLimits.failed} counted in advance, for the
   * credentials that proved right; `address: false` leaves the address's count alone.
   */
  async refund(attempt: AuthenticationAttempt, { address = true } = {}): Promise<void> {
    await this.#counting((counters) => {
      const keys = this.#keysOf(attempt, counters);
      return Promise.all([
        address ? counters.addresses.reward(keys.address) : undefined,
        ...keys.named.flatMap(({ pair, account }) => [
          counters.pairs.reward(pair),
          counters.accounts.reward(account),
        ]),
      ]);
    });
  }

  /** A success: the pair's count starts again. The address's and account's stay. */
  async succeeded(attempt: AuthenticationAttempt): Promise<void> {
    await this.#counting((counters) => {
      const { named } = this.#keysOf(attempt, counters);
      return Promise.all(named.map(({ pair }) => counters.pairs.delete(pair)));
    });
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
      const counter = (name: string, points: number) =>
        new RateLimiterRedis({
          storeClient: redis,
          useRedisPackage: false,
          // Refuse at once while the connection is down, rather than wait for it.
          rejectIfRedisNotReady: true,
          keyPrefix: store.key('limits', name),
          points,
          duration: HOUR_S,
        });
      const counters = {
        pairs: counter('pair', this.#failures),
        addresses: counter('address', this.#addressFailures),
        accounts: counter('account', this.#userFailures),
      };
      this.#shared = { redis, counters };
    }
    return this.#shared.counters;
  }

  /** The seconds to wait, by the counts of the address, and of each pair and account named. */
  #wait(
    address: RateLimiterRes | null,
    named: ReadonlyArray<{ pair: RateLimiterRes | null; account: RateLimiterRes | null }>,
  ): number {
    let ms = 0;
    if (address !== null && address.consumedPoints >= this.#addressFailures)
      ms = address.msBeforeNext;
    for (const { pair, account } of named) {
      if (pair === null) continue;
      if (pair.consumedPoints >= this.#failures) ms = Math.max(ms, pair.msBeforeNext);
      // An attacked account: each address that failed for it waits; the others are checked.
      if (account !== null && account.consumedPoints >= this.#userFailures)
        ms = Math.max(ms, account.msBeforeNext);
    }
    return Math.ceil(ms / 1000);
  }

  /** The keys of an attempt: its address, and a pair and an account per name it gave. */
  #keysOf(
    attempt: AuthenticationAttempt,
    counters: Counters,
  ): {
    address: string;
    named: Array<{ pair: string; account: string }>;
  } {
    // Only this process's keys are bounded here. Keys in Redis expire with their time, and
    // another machine's counts are never deleted to make room here.
    const keys = this.#local?.keys;
    const keep = (counter: RateLimiterAbstract, key: string) =>
      keys === undefined ? key : keys.touch(counter, key);
    const address = keep(counters.addresses, addressKey(attempt.address));
    const named = principalKeys(attempt).map((principal) => ({
      pair: keep(counters.pairs, `${principal}@${address}`),
      account: keep(counters.accounts, principal),
    }));
    return { address, named };
  }
}

/**
 * The keys counted, least recently used first, so that their number stays bounded: past the
 * maximum, the oldest is deleted from its counter. Each counter also forgets its keys when
 * their time is over; this only stops a flood of new names from filling the memory first.
 */
class RecentKeys {
  readonly #max: number;
  readonly #keys = new Map<string, RateLimiterAbstract>();

  constructor(max: number) {
    this.#max = max;
  }

  get size(): number {
    return this.#keys.size;
  }

  /** Marks `key` of `counter` as just used, and returns it. */
  touch(counter: RateLimiterAbstract, key: string): string {
    const id = `${counter.keyPrefix}:${key}`;
    this.#keys.delete(id);
    this.#keys.set(id, counter);
    if (this.#keys.size > this.#max) {
      const [oldest, itsCounter] = this.#keys.entries().next().value as [
        string,
        RateLimiterAbstract,
      ];
      this.#keys.delete(oldest);
      void itsCounter.delete(oldest.slice(itsCounter.keyPrefix.length + 1));
    }
    return key;
  }
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
