import type { RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * The keys this process counts, so that their number stays bounded: past `max`, the least
 * recently used is deleted from its counter. Each counter also forgets its keys when their
 * time is over; this only stops a flood of new names from filling the memory first.
 *
 * A key whose allowance is used up is what holds a guesser back, so new names must not push
 * it out: it moves to a list of its own, kept until its wait is over. That list is bounded
 * by `max` too, its oldest going first, but filling it takes `max` allowances used up (at
 * least `max` × `failures` wrong guesses), not `max` made-up names.
 *
 * @internal
 */
export class RecentKeys {
  readonly #max: number;
  /** Keys that may still be used, least recently used first. */
  readonly #open = new Map<string, RateLimiterAbstract>();
  /** Keys used up, oldest first, with when their wait is over (ms since the epoch). */
  readonly #spent = new Map<string, { counter: RateLimiterAbstract; until: number }>();

  constructor(max: number) {
    this.#max = max;
  }

  /** How many keys are kept: at most `max` open and `max` used up. */
  get size(): number {
    return this.#open.size + this.#spent.size;
  }

  /** Marks `key` of `counter` as just used, and returns it. */
  touch(counter: RateLimiterAbstract, key: string): string {
    const id = idOf(counter, key);
    const spent = this.#spent.get(id);
    if (spent !== undefined && spent.until > Date.now()) return key;
    this.#spent.delete(id);
    this.#open.delete(id);
    this.#open.set(id, counter);
    if (this.#open.size > this.#max) forgetOldest(this.#open, (entry) => entry);
    return key;
  }

  /** Keeps `key` of `counter`, whose allowance is used up, for `ms` milliseconds at least. */
  spend(counter: RateLimiterAbstract, key: string, ms: number): void {
    const id = idOf(counter, key);
    this.#open.delete(id);
    this.#spent.delete(id);
    this.#spent.set(id, { counter, until: Date.now() + ms });
    if (this.#spent.size > this.#max) forgetOldest(this.#spent, (entry) => entry.counter);
  }
}

function idOf(counter: RateLimiterAbstract, key: string): string {
  return `${counter.keyPrefix}:${key}`;
}

/** Deletes the first (oldest) key of `keys`, here and from its counter. */
function forgetOldest<T>(keys: Map<string, T>, counterOf: (entry: T) => RateLimiterAbstract): void {
  const [id, entry] = keys.entries().next().value as [string, T];
  keys.delete(id);
  const counter = counterOf(entry);
  void counter.delete(id.slice(counter.keyPrefix.length + 1));
}
