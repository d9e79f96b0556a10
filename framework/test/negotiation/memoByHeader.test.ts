import { describe, expect, it } from 'vitest';
import { memoByHeader } from '../../src/negotiation/memoByHeader.ts';

describe('memoByHeader', () => {
  it('computes once per header value, a missing header included', () => {
    const seen: (string | null)[] = [];
    const parse = memoByHeader((header) => {
      seen.push(header);
      return header?.length;
    });
    expect([parse('a'), parse('bb'), parse('a'), parse(null), parse(null)]).toEqual([
      1,
      2,
      1,
      undefined,
      undefined,
    ]);
    expect(seen).toEqual(['a', 'bb', null]);
  });

  it('past its limit still answers, computing each new value every time', () => {
    let computed = 0;
    const parse = memoByHeader((header) => {
      computed++;
      return `parsed ${header}`;
    }, 2);
    for (const header of ['a', 'b', 'c', 'c', 'a']) parse(header);
    expect(parse('c')).toBe('parsed c');
    // a and b are remembered; c, beyond the limit, is computed each of its three times.
    expect(computed).toBe(5);
  });

  it('does not remember a value longer than any client needs, so made-up ones hold no memory', () => {
    let computed = 0;
    const parse = memoByHeader((header) => {
      computed++;
      return header?.length;
    });
    const long = `application/json, ${'x'.repeat(600)}`;
    expect([parse(long), parse(long)]).toEqual([long.length, long.length]);
    expect(computed).toBe(2);
    parse('application/json');
    parse('application/json');
    expect(computed).toBe(3);
  });
});
