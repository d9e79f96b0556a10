import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../src/seed/seededRandom.ts';

// The published mulberry32 reference implementation, used as an oracle.
function referenceMulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('createSeededRandom', () => {
  it('produces the same numbers as the mulberry32 reference', () => {
    for (const seed of [0, 1, 20270518, 0xffffffff]) {
      const random = createSeededRandom(seed);
      const reference = referenceMulberry32(seed);
      for (let i = 0; i < 1000; i++) expect(random.next()).toBe(reference());
    }
  });

  it('pins the first numbers of a known seed', () => {
    const random = createSeededRandom(1);
    expect([random.next(), random.next(), random.next()]).toEqual([
      0.6270739405881613, 0.002735721180215478, 0.5274470399599522,
    ]);
  });

  it('keeps integers within their inclusive bounds and reaches both ends', () => {
    const random = createSeededRandom(7);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(random.integer(3, 6));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });

  it('shuffles into a permutation without touching the original', () => {
    const random = createSeededRandom(7);
    const items = Object.freeze([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const shuffled = random.shuffle(items);
    expect(shuffled).not.toEqual(items);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
  });

  it('refuses to pick from an empty list', () => {
    expect(() => createSeededRandom(1).pick([])).toThrow(RangeError);
  });
});
