import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterSQLite,
} from 'rate-limiter-flexible';
import type { Counted, Counting, CountKind, NamedWanted, Settlement, Wanted } from './Counting.ts';
import { RecentKeys } from './RecentKeys.ts';

/** The allowances, each counted per `hourS` seconds, and how long an address stays known. */
export interface LocalCountingOptions {
  readonly limits: Readonly<Record<CountKind, number>>;
  readonly hourS: number;
  readonly knownS: number;
  /** The most keys kept (see RecentKeys.ts). */
  readonly maxKeys: number;
  /** The SQLite file the processes of one machine share; in memory without it. */
  readonly database?: string | undefined;
}

/**
 * The counts of {@link AuthenticationLimits} in this process: with rate-limiter-flexible, in
 * memory, or in an SQLite table (`authentication_failures`) the processes of one machine
 * share. At most `maxKeys` counts are kept, the least recently used going first, and a count
 * used up stays until its wait is over, whatever new names arrive (see RecentKeys.ts).
 */
export class LocalCounting implements Counting {
  readonly #counters: Readonly<Record<CountKind | 'known', RateLimiterAbstract>>;
  readonly #keys: RecentKeys;
  /** Settles once the SQLite table exists. */
  readonly #ready: Promise<unknown>;
  readonly #knownS: number;

  constructor(options: LocalCountingOptions) {
    const { limits, hourS, knownS, maxKeys } = options;
    const database = options.database === undefined ? undefined : new (sqlite())(options.database);
    const made = {
      pair: counter(database, 'pair', limits.pair, hourS),
      address: counter(database, 'address', limits.address, hourS),
      account: counter(database, 'account', limits.account, hourS),
      known: counter(database, 'known', 1, knownS),
    };
    this.#counters = {
      pair: made.pair.limiter,
      address: made.address.limiter,
      account: made.account.limiter,
      known: made.known.limiter,
    };
    this.#keys = new RecentKeys(maxKeys);
    this.#ready = Promise.all(Object.values(made).map(({ ready }) => ready));
    this.#knownS = knownS;
  }

  get size(): number {
    return this.#keys.size;
  }

  async count(
    address: Wanted,
    named: readonly NamedWanted[],
  ): Promise<{ counted: Counted[]; over: boolean }> {
    await this.#ready;
    // Known pairs are never touched here: only a success makes one, so guesses cannot push
    // one out.
    const known = await Promise.all(named.map(({ pair }) => this.#counters.known.get(pair.key)));
    const stranger = known.every((pair) => pair === null);
    const wanted = [address, ...named.flatMap(({ pair, account }) => [pair, account])].filter(
      (want) => stranger || want.kind !== 'account',
    );
    const counted = await Promise.all(wanted.map((want) => this.#penalty(want)));
    const over = counted.some(({ consumed, limit }) => consumed > limit);
    if (over) {
      await Promise.all(counted.map(({ kind, key }) => this.#counters[kind].reward(key)));
      for (const { kind, key, consumed, limit, msLeft } of counted)
        if (consumed > limit) this.#keys.spend(this.#counters[kind], key, msLeft);
    }
    return { counted, over };
  }

  async settle(settlements: readonly Settlement[]): Promise<void> {
    await Promise.all(settlements.map((settlement) => this.#settleOne(settlement)));
  }

  async #penalty(want: Wanted): Promise<Counted> {
    const counter = this.#counters[want.kind];
    this.#keys.touch(counter, want.key);
    const result = await counter.penalty(want.key);
    return { ...want, consumed: result.consumedPoints, msLeft: result.msBeforeNext };
  }

  async #settleOne(settlement: Settlement): Promise<void> {
    const { kind, key } = settlement.count;
    const counter = this.#counters[kind];
    if (settlement.action === 'forget') {
      await Promise.all([counter.delete(key), this.#counters.known.block(key, this.#knownS)]);
    } else if (settlement.action === 'takeBack') {
      await counter.reward(key);
    } else if (settlement.waitMs > 0) {
      if (kind === 'pair') await counter.block(key, settlement.waitMs / 1000);
      this.#keys.spend(counter, key, settlement.waitMs);
    }
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
