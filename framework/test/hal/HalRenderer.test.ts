import { createApplication, json, ServerRequest, text } from 'hyperpipe';
import { type EntityMetadata, HalRenderer, MetadataMap } from 'hyperpipe/hal';
import type { Entity } from 'hyperpipe/rest';
import { describe, expect, it } from 'vitest';
import { asJson, expectValidHal } from './support.ts';

const ORIGIN = 'https://api.example.com:8443';

const METADATA: Record<string, EntityMetadata> = {
  // The entity's `id` fills the route's `{user_id}`.
  User: { route: 'user', identifier: 'id', routeIdentifier: 'user_id' },
  // No routeIdentifier: the identifier names the route parameter too.
  Book: { route: 'book', identifier: 'isbn' },
  // No identifier: `id`.
  Tag: { route: 'tag' },
};

/** An application with named entity routes and a renderer using it. */
function appWithRenderer(metadata: Record<string, EntityMetadata> = METADATA) {
  const app = createApplication();
  const noop = () => text('');
  app.route('/users/{user_id}', noop, ['GET'], 'user');
  app.route('/books/{isbn}', noop, ['GET'], 'book');
  app.route('/tags/{id}', noop, ['GET'], 'tag');
  return { app, renderer: new HalRenderer(app, new MetadataMap(metadata)) };
}

/** Renders an entity directly, for a request to ORIGIN + `/`. */
function render(
  kind: string,
  entity: Entity,
  metadata?: Record<string, EntityMetadata>,
): Record<string, unknown> {
  const { renderer } = appWithRenderer(metadata);
  const request = new ServerRequest(new Request(`${ORIGIN}/`));
  const document = asJson(renderer.entity(request, kind, entity));
  expectValidHal(document);
  return document;
}

describe('HalRenderer self links', () => {
  it("are an error, never a link, for an identifier the route's token refuses", () => {
    const { app, renderer } = appWithRenderer();
    app.routes.find((route) => route.name === 'user')?.setOptions({ tokens: { user_id: '\\d+' } });
    const request = new ServerRequest(new Request(`${ORIGIN}/`));
    expect(asJson(renderer.entity(request, 'User', { id: 7 }))._links).toEqual({
      self: { href: `${ORIGIN}/users/7` },
    });
    expect(() => renderer.entity(request, 'User', { id: 'x7' })).toThrow(/must match/);
  });

  it('are absolute URLs from the request origin and the named route', () => {
    expect(render('User', { id: 7, name: 'Ada' })).toEqual({
      _links: { self: { href: `${ORIGIN}/users/7` } },
      id: 7,
      name: 'Ada',
    });
  });

  it('fill the routeIdentifier parameter with the identifier field', () => {
    const document = render('User', { id: 7, user_id: 99 });
    expect(document._links).toEqual({ self: { href: `${ORIGIN}/users/7` } });
  });

  it('use the identifier field as the route parameter when no routeIdentifier is given', () => {
    const document = render('Book', { id: 1, isbn: '978-3' });
    expect(document._links).toEqual({ self: { href: `${ORIGIN}/books/978-3` } });
  });

  it('use `id` when no identifier is given', () => {
    expect(render('Tag', { id: 'rest' })._links).toEqual({ self: { href: `${ORIGIN}/tags/rest` } });
  });

  it('percent-encode the identifier, so the link stays one URL', () => {
    expect(render('Tag', { id: 'a b/c?d' })._links).toEqual({
      self: { href: `${ORIGIN}/tags/a%20b%2Fc%3Fd` },
    });
  });

  it('include the mount prefix of an application mounted in another', async () => {
    const { app, renderer } = appWithRenderer();
    app.route('/render', (request) => json(renderer.entity(request, 'User', { id: 3 })), ['GET']);
    const parent = createApplication();
    parent.pipe('/mount', app);
    const response = await parent.handle(new Request(`${ORIGIN}/mount/render`));
    const document = await response.json();
    expectValidHal(document);
    expect(document._links.self.href).toBe(`${ORIGIN}/mount/users/3`);
  });

  it('throw when the entity has no identifier', () => {
    expect(() => render('User', { name: 'Nobody' })).toThrow(
      'A "User" entity has no "id" to build its self link from',
    );
  });

  it.each([
    ['null', null],
    ['an object', { nested: 1 }],
    ['a boolean', true],
  ])('throw when the identifier is %s', (_name, id) => {
    expect(() => render('User', { id })).toThrow('has no "id"');
  });

  it('throw for an unknown entity kind', () => {
    expect(() => render('Ghost', { id: 1 })).toThrow('No HAL metadata for entity kind "Ghost"');
  });
});

describe('HalRenderer entities', () => {
  it('renders each entity of a list as entity() renders it alone', () => {
    const metadata: Record<string, EntityMetadata> = {
      ...METADATA,
      User: { ...METADATA.User, embedded: { favourite: 'Book' } } as EntityMetadata,
    };
    const { renderer } = appWithRenderer(metadata);
    const request = new ServerRequest(new Request(`${ORIGIN}/`));
    const users = [{ id: 1, name: 'Ada', favourite: { isbn: '978-0' } }, { id: 2 }];
    const rendered = renderer.entities(request, 'User', users).map(asJson);
    expect(rendered).toEqual(users.map((user) => asJson(renderer.entity(request, 'User', user))));
    expect(rendered[1]).toEqual({ _links: { self: { href: `${ORIGIN}/users/2` } }, id: 2 });
  });

  it('throws for an unknown entity kind, even for an empty list', () => {
    const { renderer } = appWithRenderer();
    const request = new ServerRequest(new Request(`${ORIGIN}/`));
    expect(() => renderer.entities(request, 'Nope', [])).toThrow('No HAL metadata');
  });
});

describe('HalRenderer url', () => {
  it('builds a named route URL with a query string', () => {
    const { renderer } = appWithRenderer();
    const request = new ServerRequest(new Request(`${ORIGIN}/x`), '/x', '/base');
    const query = new URLSearchParams({ page: '2', q: 'a b' });
    expect(renderer.url(request, 'user', { user_id: 5 }, query)).toBe(
      `${ORIGIN}/base/users/5?page=2&q=a+b`,
    );
  });

  it('leaves out an empty query string', () => {
    const { renderer } = appWithRenderer();
    const request = new ServerRequest(new Request(`${ORIGIN}/`));
    expect(renderer.url(request, 'tag', { id: 1 }, new URLSearchParams())).toBe(`${ORIGIN}/tags/1`);
  });
});

describe('HalRenderer embedded', () => {
  const metadata: Record<string, EntityMetadata> = {
    ...METADATA,
    User: { ...METADATA.User, embedded: { contacts: 'User', favourite: 'Book' } } as EntityMetadata,
  };

  it('embeds a list of related entities, each with its own self link', () => {
    const document = render(
      'User',
      { id: 1, name: 'Ada', contacts: [{ id: 2, name: 'Bruno' }, { id: 3 }] },
      metadata,
    );
    expect(document).toEqual({
      _links: { self: { href: `${ORIGIN}/users/1` } },
      id: 1,
      name: 'Ada',
      _embedded: {
        contacts: [
          { _links: { self: { href: `${ORIGIN}/users/2` } }, id: 2, name: 'Bruno' },
          { _links: { self: { href: `${ORIGIN}/users/3` } }, id: 3 },
        ],
      },
    });
  });

  it('embeds a single related entity of another kind', () => {
    const document = render(
      'User',
      { id: 1, favourite: { isbn: '978-3', title: 'HAL' } },
      metadata,
    );
    expect(document._embedded).toEqual({
      favourite: {
        _links: { self: { href: `${ORIGIN}/books/978-3` } },
        isbn: '978-3',
        title: 'HAL',
      },
    });
  });

  it('embeds the related entities of embedded entities', () => {
    const document = render(
      'User',
      { id: 1, contacts: [{ id: 2, contacts: [{ id: 3 }] }] },
      metadata,
    );
    expect(document).toMatchObject({
      _embedded: {
        contacts: [
          {
            _links: { self: { href: `${ORIGIN}/users/2` } },
            _embedded: { contacts: [{ _links: { self: { href: `${ORIGIN}/users/3` } } }] },
          },
        ],
      },
    });
  });

  it('skips missing related entities and leaves out an empty _embedded', () => {
    const document = render('User', { id: 1, favourite: null }, metadata);
    expect(document).toEqual({ _links: { self: { href: `${ORIGIN}/users/1` } }, id: 1 });
  });

  it('keeps an empty list of related entities as an empty list', () => {
    const document = render('User', { id: 1, contacts: [] }, metadata);
    expect(document._embedded).toEqual({ contacts: [] });
  });

  it('throws when an embedded entity has no identifier', () => {
    expect(() => render('User', { id: 1, contacts: [{ name: 'x' }] }, metadata)).toThrow(
      'has no "id"',
    );
  });
});

describe('HalRenderer linked', () => {
  const metadata: Record<string, EntityMetadata> = {
    ...METADATA,
    User: { ...METADATA.User, linked: { contacts: 'User', books: 'Book' } } as EntityMetadata,
  };

  it('turns a field of identifiers into a relation with one link per id', () => {
    const document = render('User', { id: 1, name: 'Ada', contacts: [2, 3] }, metadata);
    expect(document).toEqual({
      _links: {
        self: { href: `${ORIGIN}/users/1` },
        contacts: [{ href: `${ORIGIN}/users/2` }, { href: `${ORIGIN}/users/3` }],
        books: [],
      },
      id: 1,
      name: 'Ada',
    });
  });

  it('links entity objects by their identifier', () => {
    const document = render(
      'User',
      { id: 1, books: [{ isbn: '978-1', title: 'A' }, { isbn: '978-2' }] },
      metadata,
    );
    expect(document._links).toMatchObject({
      books: [{ href: `${ORIGIN}/books/978-1` }, { href: `${ORIGIN}/books/978-2` }],
    });
    expect(document).not.toHaveProperty('books');
  });

  it('links a field that is also embedded wherever it appears, and embeds only entities', () => {
    const both: Record<string, EntityMetadata> = {
      ...METADATA,
      User: {
        route: 'user',
        routeIdentifier: 'user_id',
        linked: { books: 'Book' },
        embedded: { books: 'Book' },
      },
    };
    const links = [{ href: `${ORIGIN}/books/978-1` }];
    // The whole entity: links and the embedded books.
    const whole = render('User', { id: 1, books: [{ isbn: '978-1', title: 'A' }] }, both);
    expect(whole._links).toMatchObject({ books: links });
    expect(whole._embedded).toEqual({
      books: [{ _links: { self: links[0] }, isbn: '978-1', title: 'A' }],
    });
    // A summary holding identifiers only: the same links, nothing embedded.
    const summary = render('User', { id: 1, books: ['978-1'] }, both);
    expect(summary._links).toMatchObject({ books: links });
    expect(summary).not.toHaveProperty('_embedded');
  });

  it('makes a single identifier a list of one link', () => {
    const document = render('User', { id: 1, contacts: 2 }, metadata);
    expect(document._links).toMatchObject({ contacts: [{ href: `${ORIGIN}/users/2` }] });
  });

  it('refuses a linked value that is neither an identifier nor an entity', () => {
    expect(() => render('User', { id: 1, contacts: [2, true] }, metadata)).toThrow(
      'A "User" entity has no "id" to build its self link from',
    );
  });

  it('keeps the entity’s own fields only, as JSON would, when it leaves linked ones out', () => {
    const entity = Object.assign(Object.create({ inherited: 'no' }), { id: 1, contacts: [2] });
    const document = render('User', entity, metadata);
    expect(document).toEqual({
      _links: {
        self: { href: `${ORIGIN}/users/1` },
        contacts: [{ href: `${ORIGIN}/users/2` }],
        books: [],
      },
      id: 1,
    });
  });
});

describe('HalRenderer links hook', () => {
  it('adds computed links, building other entities’ URLs with the uri function', () => {
    const metadata: Record<string, EntityMetadata> = {
      ...METADATA,
      User: {
        ...METADATA.User,
        links: (entity, uri) => ({
          profile: { href: `https://people.example/${entity.id}`, title: 'Profile' },
          wrote: [{ href: uri('Book', { isbn: '978-9' }) }],
        }),
      } as EntityMetadata,
    };
    const document = render('User', { id: 1 }, metadata);
    expect(document._links).toEqual({
      self: { href: `${ORIGIN}/users/1` },
      profile: { href: 'https://people.example/1', title: 'Profile' },
      wrote: [{ href: `${ORIGIN}/books/978-9` }],
    });
  });
});

describe('HalRenderer and entities that embed themselves', () => {
  const metadata: Record<string, EntityMetadata> = {
    ...METADATA,
    User: { ...METADATA.User, route: 'user', embedded: { friend: 'User', books: 'Book' } },
    Book: { ...METADATA.Book, route: 'book', embedded: { author: 'User' } },
  };

  it('refuses an entity that embeds itself, naming the way round', () => {
    const ada: Record<string, unknown> = { id: 1 };
    ada.friend = ada;
    expect(() => render('User', ada, metadata)).toThrow(
      'A "User" entity embeds itself (User.friend → User)',
    );
  });

  it('refuses a cycle through other entities and lists', () => {
    const ada: Record<string, unknown> = { id: 1 };
    const book = { isbn: '42', author: ada };
    ada.books = [book];
    expect(() => render('User', ada, metadata)).toThrow(
      'A "User" entity embeds itself (User.books → Book.author → User)',
    );
  });

  it('embeds one entity twice where neither is inside the other', () => {
    const grace = { id: 2 };
    const ada = { id: 1, friend: grace, books: [{ isbn: '42', author: grace }] };
    const document = render('User', ada, metadata) as {
      _embedded: { friend: { id: number }; books: { _embedded: { author: { id: number } } }[] };
    };
    expect(document._embedded.friend.id).toBe(2);
    expect(document._embedded.books[0]?._embedded.author.id).toBe(2);
  });

  it('refuses a second self link from the links hook', () => {
    const withSelf: Record<string, EntityMetadata> = {
      Tag: { route: 'tag', links: () => ({ self: { href: 'https://elsewhere/tag' } }) },
    };
    expect(() => render('Tag', { id: 1 }, withSelf)).toThrow(/one self link/);
  });
});
