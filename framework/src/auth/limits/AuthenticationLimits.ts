import { ApiProblem } from '../../problem/ApiProblem.ts';
import type { SharedStore } from '../stores/SharedStore.ts';
import type { SettlesWith } from '../stores/StoreCheck.ts';
import type { Counted, Counting, NamedWanted, Settlement } from './Counting.ts';
import { type AuthenticationAttempt, addressKey, principalKeys } from './failureKeys.ts';
import { LocalCounting } from './LocalCounting.ts';
import { RedisCounting } from './RedisCounting.ts';

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
export interface Admission extends SettlesWith {
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
   * every name's; an object says the user's and the OAuth2 client's apart. Once settled,
   * by this or by {@link Admission.settleRightIf}, it settles nothing more and answers as
   * the first time.
   */
  settle(
    outcome: GuessOutcome | Readonly<Record<'user' | 'client', GuessOutcome>>,
  ): Promise<number>;
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
 * Counted in memory by default, in an SQLite table (`authentication_failures`) the
 * processes of one machine share (LocalCounting.ts, with rate-limiter-flexible), or in the
 * Redis server of a {@link SharedStore} that several machines share, so that guesses spread
 * over them count as one (RedisCounting.ts: a script counts an attempt, another settles it,
 * so two round trips). Long names are kept as their SHA-256. In this process, at most
 * `maxKeys` counts are kept, the least recently used going first, and a count used up stays
 * until its wait is over, whatever new names arrive (see RecentKeys.ts); in Redis, each
 * count expires with its time.
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
  readonly #counting: Counting;

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
    if (store !== undefined && options.database !== undefined) {
      throw new Error(
        'authentication.limits.database and authentication.store are both configured: choose one, ' +
          'the store for several machines or the SQLite file for the processes of one',
      );
    }
    this.#counting =
      store === undefined
        ? new LocalCounting({
            limits: {
              pair: this.#failures,
              address: this.#addressFailures,
              account: this.#userFailures,
            },
            hourS: HOUR_S,
            knownS: KNOWN_S,
            maxKeys,
            database: options.database,
          })
        : new RedisCounting(store, HOUR_S, KNOWN_S);
  }

  /**
   * How many counts this process keeps: never more than `maxKeys` that allow guesses and as
   * many used up; none with a shared store.
   */
  get size(): number {
    return this.#counting.size;
  }

  /**
   * Counts an attempt as a guess before its credentials are checked, or refuses it: then
   * nothing is checked, and its `retryAfter` says how long the client must wait. Without a
   * user or client, only its address is counted. Settle every admission once the credentials
   * were checked, whatever happened (see {@link Admission.settle}).
   */
  async admit(attempt: AuthenticationAttempt): Promise<Admission> {
    const address = addressKey(attempt.address);
    const named: NamedWanted[] = principalKeys(attempt).map((principal) => {
      const name = principal.startsWith('client:') ? ('client' as const) : ('user' as const);
      return {
        pair: { kind: 'pair', key: `${principal}@${address}`, limit: this.#failures, name },
        account: { kind: 'account', key: principal, limit: this.#userFailures, name },
      };
    });
    const { counted, over } = await this.#counting.count(
      { kind: 'address', key: address, limit: this.#addressFailures },
      named,
    );
    if (!over) return this.#admitted(counted);
    const longest = counted
      .filter(({ consumed, limit }) => consumed > limit)
      .reduce((a, b) => (b.msLeft > a.msLeft ? b : a));
    return {
      retryAfter: Math.ceil(longest.msLeft / 1000),
      because: longest.kind,
      settle: async () => 0,
      settleRightIf: () => undefined,
    };
  }

  /** The admission of counts within their allowances, settled once. */
  #admitted(counted: readonly Counted[]): Admission {
    let settled: Promise<number> | undefined;
    // A settling that failed (the store could not be reached) may be tried again.
    const once = (settling: () => Promise<number>) => {
      settled ??= settling();
      settled.catch(() => {
        settled = undefined;
      });
      return settled;
    };
    return {
      retryAfter: 0,
      settle: (outcome) =>
        once(async () => {
          const settlements = this.#settlements(counted, outcome);
          await this.#counting.settle(settlements);
          return waitOf(settlements);
        }),
      settleRightIf: (store, check) => {
        if (settled !== undefined) return undefined;
        const checked = this.#counting.settleRightIf?.(
          this.#settlements(counted, 'right'),
          store,
          check,
        );
        // A right answer waits for nothing: settled, it answers 0.
        if (checked !== undefined) once(() => checked.then(() => 0));
        return checked;
      },
    };
  }

  /**
   * What settling does to each count: a wrong guess keeps it, anything else takes it back;
   * a right password starts its pair's count again and makes the address known to its
   * account. The failure that uses up an allowance is answered 429 already: a pair's then
   * waits `window` seconds, the others until their hour is over.
   */
  #settlements(
    counted: readonly Counted[],
    outcome: GuessOutcome | Readonly<Record<'user' | 'client', GuessOutcome>>,
  ): Settlement[] {
    const of = (name: 'user' | 'client' | undefined): GuessOutcome => {
      if (typeof outcome === 'string') return outcome;
      if (name !== undefined) return outcome[name];
      // The address's count: kept if any name's guess was wrong.
      return outcome.user === 'wrong' || outcome.client === 'wrong' ? 'wrong' : 'unchecked';
    };
    return counted.map((count) => {
      const settled = of(count.name);
      if (settled === 'right' && count.kind === 'pair') return { count, action: 'forget' };
      if (settled !== 'wrong') return { count, action: 'takeBack' };
      if (count.consumed < count.limit) return { count, action: 'keep', waitMs: 0 };
      const waitMs = count.kind === 'pair' ? this.#window * 1000 : count.msLeft;
      return { count, action: 'keep', waitMs };
    });
  }
}

/** The seconds a client must wait once its counts are settled. */
function waitOf(settlements: readonly Settlement[]): number {
  const waits = settlements.map((settlement) =>
    settlement.action === 'keep' ? settlement.waitMs : 0,
  );
  return Math.ceil(Math.max(0, ...waits) / 1000);
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
