import { HalResource } from 'hyperpipe/hal';
import { describe, expect, it } from 'vitest';
import { asJson, expectValidHal } from './support.ts';

const SELF = 'http://localhost/api/user/1';

describe('HalResource', () => {
  it('renders its state with a self link', () => {
    const document = asJson(new HalResource({ id: 1, name: 'Ada' }, SELF));
    expectValidHal(document);
    expect(document).toEqual({ _links: { self: { href: SELF } }, id: 1, name: 'Ada' });
  });

  it('renders _links first, then the state, then _embedded', () => {
    const resource = new HalResource({ id: 1 }, SELF).embed('owner', new HalResource({ id: 2 }));
    expect(Object.keys(asJson(resource))).toEqual(['_links', 'id', '_embedded']);
  });

  it('leaves _embedded out when nothing is embedded', () => {
    const document = asJson(new HalResource({ id: 1 }, SELF));
    expect(document).not.toHaveProperty('_embedded');
  });

  it('has an empty _links without a self link', () => {
    const document = asJson(new HalResource({ id: 1 }));
    expectValidHal(document);
    expect(document._links).toEqual({});
  });

  it('drops _links and _embedded given in the state', () => {
    const state = { id: 1, _links: { evil: { href: 'http://evil' } }, _embedded: { x: {} } };
    const document = asJson(new HalResource(state, SELF));
    expectValidHal(document);
    expect(document).toEqual({ _links: { self: { href: SELF } }, id: 1 });
  });

  it('holds a relation linked once as a single link object', () => {
    const resource = new HalResource({}, SELF).addLink('profile', 'http://localhost/profile');
    expect(asJson(resource)._links).toEqual({
      self: { href: SELF },
      profile: { href: 'http://localhost/profile' },
    });
  });

  it('refuses a second self link, naming both, and keeps the first', () => {
    const resource = new HalResource({}, SELF);
    expect(() => resource.addLink('self', 'http://localhost/other')).toThrow(
      `A HAL resource has one self link, not a list (${SELF}, http://localhost/other)`,
    );
    expect(asJson(resource)._links).toEqual({ self: { href: SELF } });
  });

  it('takes a self link added to a resource without one', () => {
    const resource = new HalResource({}).addLink('self', SELF);
    expect(asJson(resource)._links).toEqual({ self: { href: SELF } });
  });

  it('refuses self as a list of links', () => {
    expect(() => new HalResource({}).setLinks('self', [SELF])).toThrow(/one self link/);
    expect(() => new HalResource({}, SELF).setLinks('self', [])).toThrow(/one self link/);
  });

  it('turns a relation linked twice into a list, then appends', () => {
    const resource = new HalResource({}, SELF)
      .addLink('contacts', '/a')
      .addLink('contacts', { href: '/b', title: 'B' })
      .addLink('contacts', '/c');
    const document = asJson(resource);
    expectValidHal(document);
    expect(document._links).toMatchObject({
      contacts: [{ href: '/a' }, { href: '/b', title: 'B' }, { href: '/c' }],
    });
  });

  it('keeps a list of one link a list with setLinks', () => {
    const document = asJson(new HalResource({}, SELF).setLinks('contacts', ['/a']));
    expectValidHal(document);
    expect(document._links).toMatchObject({ contacts: [{ href: '/a' }] });
  });

  it('keeps an empty list of links with setLinks', () => {
    const document = asJson(new HalResource({}, SELF).setLinks('contacts', []));
    expectValidHal(document);
    expect(document._links).toMatchObject({ contacts: [] });
  });

  it('replaces a relation with setLinks', () => {
    const resource = new HalResource({}, SELF)
      .addLink('contacts', '/old')
      .setLinks('contacts', [{ href: '/new', name: 'n' }]);
    expect(asJson(resource)._links).toMatchObject({ contacts: [{ href: '/new', name: 'n' }] });
  });

  it('keeps link attributes', () => {
    const link = { href: '/api/user{?q}', templated: true, type: 'application/hal+json' };
    const document = asJson(new HalResource({}, SELF).addLink('search', link));
    expectValidHal(document);
    expect(document._links).toMatchObject({ search: link });
  });

  it('embeds one resource, or a list, each rendered as HAL', () => {
    const resource = new HalResource({ id: 1 }, SELF)
      .embed('owner', new HalResource({ id: 2 }, '/u/2'))
      .embed('contacts', [new HalResource({ id: 3 }, '/u/3'), new HalResource({ id: 4 }, '/u/4')]);
    const document = asJson(resource);
    expectValidHal(document);
    expect(document._embedded).toEqual({
      owner: { _links: { self: { href: '/u/2' } }, id: 2 },
      contacts: [
        { _links: { self: { href: '/u/3' } }, id: 3 },
        { _links: { self: { href: '/u/4' } }, id: 4 },
      ],
    });
  });

  it('renders nested embedded resources recursively', () => {
    const inner = new HalResource({ id: 3 }, '/u/3');
    const middle = new HalResource({ id: 2 }, '/u/2').embed('friend', inner);
    const document = asJson(new HalResource({ id: 1 }, SELF).embed('friend', middle));
    expectValidHal(document);
    expect(document).toMatchObject({
      _embedded: { friend: { id: 2, _embedded: { friend: { id: 3 } } } },
    });
  });
});
