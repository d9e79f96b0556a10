import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { passing, run, TestPipe } from './support.ts';

/** Pipes one logging middleware per [name, priority] and returns the order they ran in. */
async function order(entries: readonly (readonly [string, number | undefined])[]) {
  const log: string[] = [];
  const pipe = new TestPipe();
  for (const [name, priority] of entries) pipe.pipe(passing(log, name), { priority });
  await run(pipe);
  return log;
}

describe('pipeline priority (SPEC 9.3)', () => {
  it.each([
    [
      'higher priority runs earlier',
      [
        ['low', 1],
        ['high', 10],
      ],
      ['high', 'low'],
    ],
    [
      'equal priority keeps attach order',
      [
        ['a', 5],
        ['b', 5],
        ['c', 5],
      ],
      ['a', 'b', 'c'],
    ],
    [
      'the default priority is 1',
      [
        ['p2', 2],
        ['default', undefined],
        ['p1', 1],
        ['p0', 0],
      ],
      ['p2', 'default', 'p1', 'p0'],
    ],
    [
      'negative priorities run last',
      [
        ['neg', -1],
        ['zero', 0],
        ['one', 1],
      ],
      ['one', 'zero', 'neg'],
    ],
    [
      'a non-integer priority counts as 1',
      [
        ['p1', 1],
        ['fraction', 1.5],
        ['p2', 2],
      ],
      ['p2', 'p1', 'fraction'],
    ],
    [
      'NaN counts as 1',
      [
        ['p1', 1],
        ['nan', Number.NaN],
        ['p0', 0],
      ],
      ['p1', 'nan', 'p0'],
    ],
    [
      'Infinity counts as 1',
      [
        ['p2', 2],
        ['inf', Number.POSITIVE_INFINITY],
      ],
      ['p2', 'inf'],
    ],
  ] as const)('%s', async (_rule, entries, expected) => {
    expect(await order(entries)).toEqual(expected);
  });

  it('an entry piped later with a higher priority still runs before earlier ones', async () => {
    expect(
      await order([
        ['a', 1],
        ['b', -5],
        ['c', 3],
        ['d', 1],
        ['e', 3],
      ]),
    ).toEqual(['c', 'e', 'a', 'd', 'b']);
  });

  it('is a stable sort by priority, descending, for any priorities and attach order', async () => {
    const priority = fc.oneof(
      fc.integer({ min: -3, max: 3 }),
      fc.constant(undefined),
      fc.double({ min: -3, max: 3, noNaN: true }).filter((n) => !Number.isInteger(n)),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(priority, { maxLength: 12 }), async (priorities) => {
        const entries = priorities.map((p, index) => [String(index), p] as const);
        const effective = (p: number | undefined) => (Number.isInteger(p) ? (p as number) : 1);
        // Array.prototype.sort is stable, so equal priorities keep attach order.
        const expected = [...entries]
          .sort((a, b) => effective(b[1]) - effective(a[1]))
          .map(([name]) => name);
        expect(await order(entries)).toEqual(expected);
      }),
    );
  });
});
