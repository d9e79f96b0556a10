import { describe, expect, it } from 'vitest';
import { entityTag, matchSucceeds, noneMatchFails } from '../../src/http/entityTag.ts';
import { ResponsePrototype } from '../../src/http/ResponsePrototype.ts';
import { varyOn } from '../../src/http/vary.ts';

describe('entityTag', () => {
  it('is a quoted, strong tag that changes with the bytes and only with them', () => {
    const tag = entityTag('{"id":1}');
    expect(tag).toMatch(/^"[\w-]{27}"$/);
    expect(entityTag('{"id":1}')).toBe(tag);
    expect(entityTag('{"id":2}')).not.toBe(tag);
  });
});

describe('If-None-Match (weak comparison)', () => {
  const tag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['  *  ', true],
    ['"abcd"', false],
    ['abc', false],
  ])('%s names "abc": %s', (field, fails) => {
    expect(noneMatchFails(field, tag)).toBe(fails);
  });

  it('does not apply without the field', () => {
    expect(noneMatchFails(null, tag)).toBe(false);
  });
});

describe('If-Match (strong comparison)', () => {
  it.each([
    ['"abc"', true],
    ['"x","abc"', true],
    ['*', true],
    ['W/"abc"', false],
    ['"other"', false],
  ])('%s lets a write over "abc" go ahead: %s', (field, succeeds) => {
    expect(matchSucceeds(field, '"abc"')).toBe(succeeds);
  });

  it('fails when there is no current representation, even for *', () => {
    expect(matchSucceeds('*', undefined)).toBe(false);
  });
});

describe('varyOn', () => {
  it('adds a header name once, keeping what is there', () => {
    const response = new ResponsePrototype();
    varyOn(response, 'Accept');
    varyOn(response, 'accept');
    expect(response.getHeader('vary')).toBe('Accept');
    varyOn(response, 'Authorization');
    expect(response.headers.get('vary')).toBe('Accept, Authorization');
  });

  it('leaves Vary: * alone, which already says everything', () => {
    const response = new ResponsePrototype();
    response.headers.set('vary', '*');
    varyOn(response, 'Accept');
    expect(response.headers.get('vary')).toBe('*');
  });
});
