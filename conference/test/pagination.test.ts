import type { CatalogueDatabase } from '@hyperpipe/catalogue';
import type { Application } from 'hyperpipe';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTestConference,
  idsOf,
  ORIGIN,
  problem,
  SEED,
  sendJson,
} from './support/conference.ts';

let app: Application;
let db: CatalogueDatabase;
beforeAll(async () => {
  ({ app, db } = await createTestConference());
});

const collections = [
  { path: '/speaker', served: '/v1/speaker', table: 'speakers', total: SEED.speakers, pages: 4 },
  { path: '/talk', served: '/v1/talk', table: 'talks', total: SEED.talks, pages: 5 },
  { path: '/v2/speaker', served: '/v2/speaker', table: 'speakers', total: SEED.speakers, pages: 4 },
] as const;

describe.each(collections)('$path', ({ path, served, table, total, pages }) => {
  it('following next from the first page shows every row exactly once, in id order', async () => {
    const seen: number[] = [];
    let url: string | undefined = `${ORIGIN}${path}`;
    let page = 0;
    while (url !== undefined) {
      page += 1;
      expect(page, 'the walk must end').toBeLessThanOrEqual(pages);
      const { status, body } = await sendJson(app, url.slice(ORIGIN.length));
      expect(status).toBe(200);
      const items = body._embedded[table] as { id: number }[];
      const last = page === pages;
      expect(body).toMatchObject({
        count: last ? total - 25 * (pages - 1) : 25,
        total,
        page,
        page_count: pages,
        page_size: 25,
      });
      expect(items).toHaveLength(body.count);
      expect(body._links.self.href).toBe(`${ORIGIN}${served}?page=${page}`);
      expect(body._links.first.href).toBe(`${ORIGIN}${served}`);
      expect(body._links.last.href).toBe(`${ORIGIN}${served}?page=${pages}`);
      if (page > 1) expect(body._links.prev.href).toBe(`${ORIGIN}${served}?page=${page - 1}`);
      else expect(body._links.prev).toBeUndefined();
      if (last) expect(body._links.next).toBeUndefined();
      seen.push(...items.map((item) => item.id));
      url = body._links.next?.href;
    }
    expect(page).toBe(pages);
    expect(seen).toEqual(idsOf(db, table));
    expect(new Set(seen).size).toBe(total);
  });

  it('answers a page past the last with 409 Invalid page provided', async () => {
    // The last one is a safe integer whose offset is not: still the client's 409, no 500.
    for (const beyond of [pages + 1, 1000, Number.MAX_SAFE_INTEGER]) {
      const { status, body } = await sendJson(app, `${path}?page=${beyond}`);
      expect(status).toBe(409);
      expect(body).toEqual(problem(409, 'Conflict', 'Invalid page provided'));
    }
  });

  it.each(['0', '-1', 'abc', '1.5', '', '2x', '99999999999999999999'])(
    'answers ?page=%s, no positive integer, with 400',
    async (value) => {
      const { status, body } = await sendJson(app, `${path}?page=${value}`);
      expect(status).toBe(400);
      expect(body).toEqual(problem(400, 'Bad Request', /page/));
    },
  );
});

describe('an empty collection', () => {
  it('is page 0 with only a self link, and page 2 of it is a 409', async () => {
    const { app: emptyApp, db: emptyDb } = await createTestConference();
    emptyDb.exec('DELETE FROM talks');
    const { status, body } = await sendJson(emptyApp, '/talk');
    expect(status).toBe(200);
    expect(body).toEqual({
      _links: { self: { href: `${ORIGIN}/v1/talk` } },
      count: 0,
      total: 0,
      page: 0,
      page_count: 0,
      page_size: 25,
      _embedded: { talks: [] },
    });
    expect((await sendJson(emptyApp, '/talk?page=2')).status).toBe(409);
  });
});
