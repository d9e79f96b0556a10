import type { SeededRandom } from './seededRandom.ts';

/**
 * Creates a function that deals items like cards: in random order, reshuffling only when
 * every item has been dealt. Compared with picking at random each time, this spreads
 * the items evenly, so no building block is overused.
 *
 * @param items - a non-empty list of items to deal
 */
export function createDeck<T>(items: readonly T[], random: SeededRandom): () => T {
  if (items.length === 0) throw new RangeError('Cannot deal from an empty list');
  let remaining: T[] = [];
  return () => {
    if (remaining.length === 0) remaining = random.shuffle(items);
    return remaining.pop() as T;
  };
}
