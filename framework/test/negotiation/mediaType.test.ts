import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  essence,
  isAllowedContentType,
  isJsonType,
  negotiateMediaType,
  parseVendorType,
  withoutResource,
} from '../../src/negotiation/mediaType.ts';

describe('media type helpers', () => {
  it('essence drops parameters and lower-cases', () => {
    expect(essence(' Application/JSON ; charset=UTF-8')).toBe('application/json');
  });

  it.each([
    ['application/vnd.conference.v2+json', 'conference', 2, undefined, '+json'],
    ['application/vnd.conference.v12.speaker+json', 'conference', 12, 'speaker', '+json'],
    ['application/vnd.conference.v1', 'conference', 1, undefined, ''],
    ['Application/VND.Conference.V3+JSON; charset=utf-8', 'conference', 3, undefined, '+json'],
  ])('parseVendorType(%s)', (type, vendor, version, resource, suffix) => {
    expect(parseVendorType(type)).toEqual({ vendor, version, resource, suffix });
  });

  it.each([
    'application/json',
    'application/hal+json',
    'application/vnd.conference+json',
    'application/vnd.conference.vx+json',
  ])('parseVendorType(%s) is undefined', (type) => {
    expect(parseVendorType(type)).toBeUndefined();
  });

  it('withoutResource removes only the resource part', () => {
    expect(withoutResource('application/vnd.conference.v2.speaker+json')).toBe(
      'application/vnd.conference.v2+json',
    );
    expect(withoutResource('application/vnd.conference.v2+json')).toBe(
      'application/vnd.conference.v2+json',
    );
    expect(withoutResource('application/json')).toBe('application/json');
  });

  it.each([
    ['application/json; charset=utf-8', ['application/json'], true],
    ['APPLICATION/JSON', ['application/json'], true],
    ['application/vnd.conference.v1.speaker+json', ['application/vnd.conference.v1+json'], true],
    ['application/vnd.conference.v2+json', ['application/vnd.conference.v1+json'], false],
    ['application/vnd.laminas.v1.foo+json', ['application/vnd.laminas.v1.foo+json'], true],
    ['application/vnd.laminas.v1.bar+json', ['application/vnd.laminas.v1.foo+json'], false],
    ['text/plain', ['application/json'], false],
    [null, ['application/json'], false],
  ])('isAllowedContentType(%s, %j) is %s', (type, whitelist, allowed) => {
    expect(isAllowedContentType(type, whitelist)).toBe(allowed);
  });

  it.each([
    ['application/json', true],
    ['application/hal+json; charset=utf-8', true],
    ['application/vnd.conference.v1+json', true],
    ['application/x-www-form-urlencoded', false],
    ['text/json-ish', false],
  ])('isJsonType(%s) is %s', (type, result) => {
    expect(isJsonType(type)).toBe(result);
  });
});

describe('negotiateMediaType properties', () => {
  const token = fc.stringMatching(/^[a-z][a-z0-9-]{0,7}$/);
  const parameter = fc
    .tuple(token, token)
    .filter(([name]) => name !== 'q')
    .map(([name, value]) => `; ${name}=${value}`);
  const plainType = fc
    .tuple(
      token,
      token,
      fc.option(fc.constant('+json'), { nil: '' }),
      fc.array(parameter, { maxLength: 2 }),
    )
    .map(
      ([type, subtype, suffix, parameters]) => `${type}/${subtype}${suffix}${parameters.join('')}`,
    );
  /** `application/vnd.<vendor>.v<N>[.<resource>][+json]`, as versioning names types. */
  const vendorType = fc
    .tuple(
      token,
      fc.integer({ min: 1, max: 9 }),
      fc.option(
        token.map((resource) => `.${resource}`),
        { nil: '' },
      ),
      fc.option(fc.constant('+json'), { nil: '' }),
    )
    .map(
      ([vendor, version, resource, suffix]) =>
        `application/vnd.${vendor}.v${version}${resource}${suffix}`,
    );
  const common = fc.constantFrom('application/json', 'application/hal+json', 'text/plain');
  const whitelistEntry = fc.oneof(common, vendorType, plainType);
  const whitelist = fc.uniqueArray(whitelistEntry, { minLength: 1, maxLength: 5 });

  /** Accept headers built from pieces that may or may not match, plus arbitrary text. */
  const range = fc
    .tuple(
      fc.oneof(whitelistEntry, fc.constantFrom('*/*', 'application/*', 'text/*')),
      fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
    )
    .map(([type, q]) => (q === undefined ? type : `${type};q=${q / 1000}`));
  const accept = fc.oneof(
    fc.array(range, { minLength: 1, maxLength: 5 }).map((ranges) => ranges.join(', ')),
    fc.string(),
  );

  it('never answers with a type outside the whitelist', () => {
    fc.assert(
      fc.property(accept, whitelist, (header, allowed) => {
        const chosen = negotiateMediaType(header, allowed);
        expect(chosen === undefined || allowed.includes(chosen)).toBe(true);
      }),
    );
  });

  it('answers with the first entry when Accept is missing or blank', () => {
    fc.assert(
      fc.property(fc.constantFrom(null, '', '  '), whitelist, (header, allowed) => {
        expect(negotiateMediaType(header, allowed)).toBe(allowed[0]);
      }),
    );
  });

  it('honours any whitelist entry asked for by its exact spelling', () => {
    fc.assert(
      fc.property(
        whitelist.chain((allowed) => fc.tuple(fc.constant(allowed), fc.constantFrom(...allowed))),
        ([allowed, wanted]) => {
          expect(negotiateMediaType(wanted, allowed)).toBeDefined();
        },
      ),
    );
  });

  it('takes a body of any whitelisted type by its exact spelling', () => {
    fc.assert(
      fc.property(
        whitelist.chain((allowed) => fc.tuple(fc.constant(allowed), fc.constantFrom(...allowed))),
        ([allowed, type]) => {
          expect(isAllowedContentType(type, allowed)).toBe(true);
        },
      ),
    );
  });
});
