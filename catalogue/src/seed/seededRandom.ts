/**
 * A small, seeded source of randomness.
 *
 * `Math.random()` cannot be seeded, and its algorithm differs between engines, so the seed
 * uses its own generator: the same seed gives the same numbers on every machine and Node version.
 */
export interface SeededRandom {
  /** Returns a number in [0, 1). */
  next(): number;
  /** Returns an integer between `min` and `max`, both included. */
  integer(min: number, max: number): number;
  /** Returns `true` with the given probability (between 0 and 1). */
  chance(probability: number): boolean;
  /** Returns one element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** Returns a shuffled copy of a list; the list itself is left alone. */
  shuffle<T>(items: readonly T[]): T[];
}

/**
 * Creates a generator from a 32-bit seed, using the mulberry32 algorithm.
 *
 * mulberry32 is tiny and uses only 32-bit integer arithmetic, which JavaScript computes
 * exactly, so its output never depends on floating-point rounding.
 *
 * @param seed - any integer; only its low 32 bits are used
 */
export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;

  function next(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  }

  function integer(min: number, max: number): number {
    return min + Math.floor(next() * (max - min + 1));
  }

  function pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Cannot pick from an empty list');
    return items[integer(0, items.length - 1)] as T;
  }

  // Fisher–Yates: every order is equally likely.
  function shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = integer(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  return { next, integer, chance: (probability) => next() < probability, pick, shuffle };
}
