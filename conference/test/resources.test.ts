import type { CatalogueDatabase } from '@hyperpipe/catalogue';
import type { Application } from 'hyperpipe';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTestConference,
  HAL,
  JSON_TYPE,
  linkTable,
  ORIGIN,
  PROBLEM,
  problem,
  send,
  sendJson,
  speakerRow as speakerRowOf,
  talkRow as talkRowOf,
} from './support/conference.ts';

// Reads only: one catalogue for the whole file.
let app: Application;
let db: CatalogueDatabase;
beforeAll(async () => {
  ({ app, db } = await createTestConference());
});

const speakerRow = (id: number) => speakerRowOf(db, id);
const talkRow = (id: number) => talkRowOf(db, id);

/** The ids a list of links leads to, sorted, to compare with the link table's. */
const linkedIds = (links: { href: string }[]) =>
  links.map(({ href }) => Number(href.split('/').at(-1))).sort((a, b) => a - b);
const talkIdsOf = (speakerId: number) => linkTable(db).talksOf.get(speakerId) ?? [];
const speakerIdsOf = (talkId: number) => linkTable(db).speakersOf.get(talkId) ?? [];

describe('GET an entity', () => {
  it('renders a speaker as HAL: its row, a self link, its talks linked and embedded', async () => {
    const { status, headers, body } = await sendJson(app, '/speaker/1');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe(HAL);
    const { _links, _embedded, ...state } = body;
    expect(state).toEqual(speakerRow(1));
    expect(Object.keys(_links)).toEqual(['self', 'talks']);
    expect(_links.self).toEqual({ href: `${ORIGIN}/v1/speaker/1` });
    expect(Object.keys(_embedded)).toEqual(['talks']);
    expect(_embedded.talks.length).toBeGreaterThan(0);
    // The links and the embedded talks name the same talks, in the same (programme) order.
    expect(_links.talks).toEqual(
      _embedded.talks.map((talk: { _links: { self: unknown } }) => talk._links.self),
    );
    expect(linkedIds(_links.talks)).toEqual(talkIdsOf(1));
    for (const { _links: talkLinks, ...talk } of _embedded.talks) {
      expect(talk).toEqual(talkRow(talk.id));
      // An embedded talk links to all its speakers, this one among them.
      expect(talkLinks.self).toEqual({ href: `${ORIGIN}/v1/talk/${talk.id}` });
      expect(linkedIds(talkLinks.speakers)).toEqual(speakerIdsOf(talk.id));
    }
  });

  it('renders a talk as HAL: its row, a self link, and its speakers embedded', async () => {
    const talkId = db
      .prepare('SELECT talk_id FROM talks_speakers GROUP BY talk_id HAVING count(*) > 1 LIMIT 1')
      .pluck()
      .get() as number;
    const { status, body } = await sendJson(app, `/talk/${talkId}`);
    expect(status).toBe(200);
    const { _links, _embedded, ...state } = body;
    expect(state).toEqual(talkRow(talkId));
    expect(_links.self).toEqual({ href: `${ORIGIN}/v1/talk/${talkId}` });
    expect(linkedIds(_links.speakers)).toEqual(speakerIdsOf(talkId));
    expect(_embedded.speakers.length).toBeGreaterThan(1);
    for (const { _links: speakerLinks, ...speaker } of _embedded.speakers) {
      expect(speaker).toEqual(speakerRow(speaker.id));
      expect(speakerLinks.self).toEqual({ href: `${ORIGIN}/v1/speaker/${speaker.id}` });
      expect(linkedIds(speakerLinks.talks)).toEqual(talkIdsOf(speaker.id));
    }
  });

  it.each(['/speaker/999999', '/talk/999999', '/speaker/999999999999999'])(
    'answers a well-formed id nobody has, %s, with 404 Entity not found.',
    async (path) => {
      const { status, headers, body } = await sendJson(app, path);
      expect(status).toBe(404);
      expect(headers.get('content-type')).toBe(PROBLEM);
      expect(body).toEqual(problem(404, 'Not Found', 'Entity not found.'));
    },
  );

  it.each(['0', '-1', 'abc', '1.5', '01', '1e3', '%20', '9007199254740993', '12345678901234567'])(
    'answers the id "%s", no positive integer, with a 404 problem and never reaches the resource',
    async (id) => {
      for (const resource of ['speaker', 'talk']) {
        for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
          const body = method === 'PUT' || method === 'PATCH' ? { name: 'x' } : undefined;
          const answer = await sendJson(app, `/${resource}/${id}`, {
            method,
            headers: { accept: JSON_TYPE },
            body,
          });
          expect(answer.status, `${method} /${resource}/${id}`).toBe(404);
          expect(answer.body).toEqual(
            problem(404, 'Not Found', `Nothing is found at /${resource}/${id}`),
          );
        }
      }
    },
  );

  it('answers an unknown path with the 404 problem even when the client prefers text', async () => {
    const response = await send(app, '/speaker/abc', { headers: { accept: 'text/plain' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect((await response.json()).detail).toBe('Nothing is found at /speaker/abc');
  });
});

describe('an unknown path for an API client', () => {
  it.each([['*/*'], [null]])('answers a 404 problem when Accept is %s', async (accept) => {
    const response = await send(app, '/speaker/abc', accept ? { headers: { accept } } : {});
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect((await response.json()).detail).toBe('Nothing is found at /speaker/abc');
  });
});

describe('GET a collection', () => {
  it('renders the first page of speakers with its paging fields and links', async () => {
    const { status, headers, body } = await sendJson(app, '/speaker');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe(HAL);
    expect(body).toMatchObject({ count: 25, total: 76, page: 1, page_count: 4, page_size: 25 });
    expect(body._links).toEqual({
      self: { href: `${ORIGIN}/v1/speaker?page=1` },
      first: { href: `${ORIGIN}/v1/speaker` },
      next: { href: `${ORIGIN}/v1/speaker?page=2` },
      last: { href: `${ORIGIN}/v1/speaker?page=4` },
    });
    // Collection items are summaries: the row, a self link and links to each talk (so a
    // client finds them without fetching the speaker), no embedded talks.
    for (const { _links, ...speaker } of body._embedded.speakers) {
      expect(speaker).toEqual(speakerRow(speaker.id));
      expect(Object.keys(_links)).toEqual(['self', 'talks']);
      expect(_links.self).toEqual({ href: `${ORIGIN}/v1/speaker/${speaker.id}` });
      expect(linkedIds(_links.talks)).toEqual(talkIdsOf(speaker.id));
    }
  });

  it('renders the last page of talks with prev and without next', async () => {
    const { status, body } = await sendJson(app, '/talk?page=5');
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 25, total: 125, page: 5, page_count: 5, page_size: 25 });
    expect(body._links).toEqual({
      self: { href: `${ORIGIN}/v1/talk?page=5` },
      first: { href: `${ORIGIN}/v1/talk` },
      prev: { href: `${ORIGIN}/v1/talk?page=4` },
      last: { href: `${ORIGIN}/v1/talk?page=5` },
    });
    const ids = body._embedded.talks.map((talk: { id: number }) => talk.id);
    expect(ids).toEqual(
      db.prepare('SELECT id FROM talks ORDER BY id LIMIT 25 OFFSET 100').pluck().all(),
    );
    for (const { _links, id } of body._embedded.talks) {
      expect(linkedIds(_links.speakers)).toEqual(speakerIdsOf(id));
    }
  });
});

describe('methods a resource does not support', () => {
  const collectionAllow = 'GET,HEAD,POST,OPTIONS';
  const entityAllow = 'GET,HEAD,PATCH,PUT,DELETE,OPTIONS';
  it.each([
    ['PUT', '/speaker', collectionAllow],
    ['PATCH', '/speaker', collectionAllow],
    ['DELETE', '/speaker', collectionAllow],
    ['PUT', '/talk', collectionAllow],
    ['PATCH', '/talk', collectionAllow],
    ['DELETE', '/talk', collectionAllow],
    ['DELETE', '/v2/speaker', collectionAllow],
    ['POST', '/speaker/1', entityAllow],
    ['POST', '/talk/1', entityAllow],
    ['POST', '/v2/speaker/1', entityAllow],
    // The method is checked before the entity is looked up.
    ['POST', '/talk/999999', entityAllow],
  ])('%s %s is a 405 problem with Allow: %s', async (method, path, allow) => {
    const { status, headers, body } = await sendJson(app, path, {
      method,
      body: { name: 'x' },
      as: 'editor',
    });
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe(allow);
    expect(headers.get('content-type')).toBe(PROBLEM);
    expect(body).toEqual(problem(405, 'Method Not Allowed', new RegExp(`\\b${method}\\b`)));
  });
});

describe('OPTIONS', () => {
  it.each([
    ['/speaker', 'GET,HEAD,POST,OPTIONS'],
    ['/speaker/1', 'GET,HEAD,PATCH,PUT,DELETE,OPTIONS'],
    ['/talk/1', 'GET,HEAD,PATCH,PUT,DELETE,OPTIONS'],
    ['/v2/speaker', 'GET,HEAD,POST,OPTIONS'],
  ])(
    'OPTIONS %s answers 204 with Allow: %s, the same Allow as a 405 there',
    async (path, allow) => {
      const options = await send(app, path, { method: 'OPTIONS' });
      expect(options.status).toBe(204);
      expect(options.headers.get('allow')).toBe(allow);
      expect(await options.text()).toBe('');
      const unknown = await send(app, path, { method: 'PROPFIND', as: 'editor' });
      expect(unknown.status).toBe(405);
      expect(unknown.headers.get('allow')).toBe(allow);
    },
  );
});

describe('HEAD', () => {
  it.each(['/speaker', '/speaker/1', '/talk?page=2', '/talk/1', '/v2/speaker/1'])(
    'answers HEAD %s with the status and headers of GET and no body',
    async (path) => {
      const get = await send(app, path);
      const head = await send(app, path, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(await head.text()).toBe('');
    },
  );

  it('answers HEAD of a missing entity with 404 and no body', async () => {
    const head = await send(app, '/speaker/999999', { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(await head.text()).toBe('');
  });
});
