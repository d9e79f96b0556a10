import { describe, expect, it } from 'vitest';
import { expectValidHal, halErrors } from './support.ts';

const self = { href: 'http://localhost/api/user/1' };

describe('the HAL schema', () => {
  it.each([
    ['a resource with only state', { id: 1 }],
    ['a self link', { _links: { self } }],
    ['a relation holding a list of links', { _links: { self, contacts: [self, self] } }],
    ['an empty list of links', { _links: { contacts: [] } }],
    [
      'every link attribute',
      {
        _links: {
          search: {
            href: '/api/user{?q}',
            templated: true,
            type: 'application/hal+json',
            deprecation: 'http://localhost/deprecated',
            name: 'search',
            profile: 'http://localhost/profile',
            title: 'Search',
            hreflang: 'en',
          },
        },
      },
    ],
    ['an embedded resource', { _embedded: { owner: { _links: { self }, id: 1 } } }],
    ['an embedded list', { _embedded: { users: [{ _links: { self } }, { id: 2 }] } }],
    [
      'deeply embedded resources',
      { _embedded: { a: { _embedded: { b: [{ _links: { self } }] } } } },
    ],
  ])('accepts %s', (_name, document) => {
    expectValidHal(document);
  });

  it.each([
    ['a document that is not an object', [{ _links: { self } }]],
    ['_links that is not an object', { _links: [self] }],
    ['a link without href', { _links: { self: { title: 'me' } } }],
    ['an href that is not a string', { _links: { self: { href: 1 } } }],
    ['a link that is a bare string', { _links: { self: 'http://localhost/' } }],
    ['templated that is not a boolean', { _links: { self: { href: '/', templated: 'yes' } } }],
    ['a title that is not a string', { _links: { self: { href: '/', title: 3 } } }],
    ['a broken link inside a list', { _links: { contacts: [self, { name: 'x' }] } }],
    ['_embedded that is not an object', { _embedded: [{ id: 1 }] }],
    ['an embedded value that is not a resource', { _embedded: { count: 3 } }],
    ['an embedded list holding a non-resource', { _embedded: { users: [{ id: 1 }, 'two'] } }],
    ['a broken link deep inside _embedded', { _embedded: { a: [{ _links: { self: {} } }] } }],
  ])('rejects %s', (_name, document) => {
    expect(halErrors(document)).not.toEqual([]);
  });
});
