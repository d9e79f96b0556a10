import { createApplication } from 'hyperpipe';
import { assertPageInRange, HalResource, halCollection, requestedPage } from 'hyperpipe/hal';
import { ApiProblem, ProblemMiddleware } from 'hyperpipe/problem';
import { type Entity, Resource, registerResource } from 'hyperpipe/rest';
import { describe, expect, it } from 'vitest';
import { asJson, expectValidHal } from './support.ts';

const BASE = 'http://localhost/api/user';
const url = (page?: number) => (page === undefined ? BASE : `${BASE}?page=${page}`);
const items = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => new HalResource({ id: from + i }, `${BASE}/${from + i}`));

/** A collection page of `total` users, `pageSize` a page, rendered as a HAL document. */
function collection(page: number, total: number, pageSize: number) {
  const offset = (page - 1) * pageSize;
  const count = Math.max(0, Math.min(pageSize, total - offset));
  const document = asJson(
    halCollection({
      collectionName: 'users',
      items: items(offset + 1, count),
      page,
      pageSize,
      total,
      url,
    }),
  );
  expectValidHal(document);
  return document as { _links: Record<string, unknown> } & Record<string, unknown>;
}

describe('halCollection links', () => {
  it('self carries the page number, even the first', () => {
    expect(collection(1, 5, 2)._links.self).toEqual({ href: `${BASE}?page=1` });
    expect(collection(2, 5, 2)._links.self).toEqual({ href: `${BASE}?page=2` });
  });

  it('first carries no page parameter', () => {
    expect(collection(3, 5, 2)._links.first).toEqual({ href: BASE });
  });

  it('last carries the last page number', () => {
    expect(collection(1, 5, 2)._links.last).toEqual({ href: `${BASE}?page=3` });
  });

  it('prev appears only after the first page', () => {
    expect(collection(1, 5, 2)._links).not.toHaveProperty('prev');
    expect(collection(2, 5, 2)._links.prev).toEqual({ href: `${BASE}?page=1` });
    expect(collection(3, 5, 2)._links.prev).toEqual({ href: `${BASE}?page=2` });
  });

  it('next appears only before the last page', () => {
    expect(collection(1, 5, 2)._links.next).toEqual({ href: `${BASE}?page=2` });
    expect(collection(2, 5, 2)._links.next).toEqual({ href: `${BASE}?page=3` });
    expect(collection(3, 5, 2)._links).not.toHaveProperty('next');
  });

  it('a single page has self, first and last only', () => {
    expect(Object.keys(collection(1, 2, 2)._links)).toEqual(['self', 'first', 'last']);
  });
});

describe('halCollection members', () => {
  it('has count, total, page, page_count and page_size, and the items embedded', () => {
    const document = collection(3, 5, 2);
    expect(document).toMatchObject({ count: 1, total: 5, page: 3, page_count: 3, page_size: 2 });
    expect(document._embedded).toEqual({
      users: [{ _links: { self: { href: `${BASE}/5` } }, id: 5 }],
    });
  });

  it('an empty collection has page 0, only a self link without a page, and no items', () => {
    const document = collection(1, 0, 2);
    expect(document).toEqual({
      _links: { self: { href: BASE } },
      count: 0,
      total: 0,
      page: 0,
      page_count: 0,
      page_size: 2,
      _embedded: { users: [] },
    });
  });
});

describe('requestedPage', () => {
  it('is 1 without a page parameter', () => {
    expect(requestedPage(new URLSearchParams())).toBe(1);
  });

  it('is the page parameter when it is a positive integer', () => {
    expect(requestedPage(new URLSearchParams('page=12'))).toBe(12);
  });

  it.each(['0', '-1', '1.5', 'abc', '', '1e2', ' 2', '99999999999999999999'])(
    'refuses page=%j with a 400 problem',
    (page) => {
      const query = new URLSearchParams({ page });
      expect(() => requestedPage(query)).toThrow(ApiProblem);
      expect(() => requestedPage(query)).toThrow(expect.objectContaining({ status: 400 }));
    },
  );
});

describe('assertPageInRange', () => {
  it.each([
    [1, 5, 2],
    [3, 5, 2],
    [1, 0, 2],
  ])('accepts page %i of %i items, %i a page', (page, total, size) => {
    expect(() => assertPageInRange(page, total, size)).not.toThrow();
  });

  it.each([
    [4, 5, 2],
    [2, 0, 2],
  ])(
    'refuses page %i of %i items, %i a page, with 409 Invalid page provided',
    (page, total, size) => {
      expect(() => assertPageInRange(page, total, size)).toThrow(
        expect.objectContaining({ status: 409, detail: 'Invalid page provided' }),
      );
    },
  );
});

class ListResource extends Resource {
  readonly #entities: Entity[];
  constructor(count: number) {
    super();
    this.#entities = Array.from({ length: count }, (_, i) => ({ id: i + 1 }));
  }
  override fetchAll(): Entity[] {
    return this.#entities;
  }
}

/** An app serving `count` users at /api/user, 2 a page, with problems rendered. */
function appWith(count: number) {
  const app = createApplication();
  app.pipe('/', new ProblemMiddleware(), { priority: -100 });
  registerResource(app, '/api/user', new ListResource(count), {
    entity: 'User',
    collectionName: 'users',
    pageSize: 2,
  });
  return (path: string) => app.handle(new Request(`http://localhost${path}`));
}

describe('a collection served by an application', () => {
  it('keeps the other query parameters in every link', async () => {
    const response = await appWith(5)('/api/user?sort=name&page=2&q=a+b');
    const document = await response.json();
    expectValidHal(document);
    expect(document._links).toEqual({
      self: { href: `${BASE}?sort=name&q=a+b&page=2` },
      first: { href: `${BASE}?sort=name&q=a+b` },
      prev: { href: `${BASE}?sort=name&q=a+b&page=1` },
      next: { href: `${BASE}?sort=name&q=a+b&page=3` },
      last: { href: `${BASE}?sort=name&q=a+b&page=3` },
    });
  });

  it('answers a page past the last with 409 Invalid page provided', async () => {
    const response = await appWith(5)('/api/user?page=4');
    expect(response.status).toBe(409);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 409, detail: 'Invalid page provided' });
  });

  it.each(['0', '-1', '1.5', 'abc'])('answers page=%s with a 400 problem', async (page) => {
    const response = await appWith(5)(`/api/user?page=${page}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 400, title: 'Bad Request' });
  });

  it('answers page 1 of an empty collection as an empty page 0', async () => {
    const response = await appWith(0)('/api/user?page=1');
    expect(response.status).toBe(200);
    const document = await response.json();
    expectValidHal(document);
    expect(document).toMatchObject({ page: 0, total: 0, count: 0, _embedded: { users: [] } });
    expect(Object.keys(document._links)).toEqual(['self']);
  });

  it('answers page 2 of an empty collection with 409', async () => {
    const response = await appWith(0)('/api/user?page=2');
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ detail: 'Invalid page provided' });
  });
});
