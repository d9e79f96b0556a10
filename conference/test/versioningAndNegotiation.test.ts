import type { CatalogueDatabase } from '@hyperpipe/catalogue';
import type { Application } from 'hyperpipe';
import { type RunningServer, serve } from 'hyperpipe/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  basicAuth,
  createTestConference,
  HAL,
  JSON_TYPE,
  linkTable,
  ORIGIN,
  PROBLEM,
  problem,
  SEED,
  send,
  sendJson,
  V1,
  V2,
} from './support/conference.ts';

// A few tests write; a fresh catalogue each time keeps them independent.
let app: Application;
let db: CatalogueDatabase;
beforeEach(async () => {
  ({ app, db } = await createTestConference());
});

const speakerWith = (twitter: 'a handle' | 'no handle') =>
  db
    .prepare(
      `SELECT id, twitter FROM speakers WHERE twitter IS ${twitter === 'a handle' ? 'NOT' : ''} NULL
       ORDER BY id LIMIT 1`,
    )
    .get() as { id: number; twitter: string | null };

/** Status, content type and body text: what must match byte for byte. */
async function exactly(response: Promise<Response>) {
  const answer = await response;
  return {
    status: answer.status,
    contentType: answer.headers.get('content-type'),
    body: await answer.text(),
  };
}

describe('versions in the URL', () => {
  it.each([
    '/speaker',
    '/speaker?page=3',
    '/speaker/1',
    '/talk',
    '/talk?page=5',
    '/talk/7',
    '/talk/999999',
  ])('/v1%s answers byte for byte what %s answers', async (path) => {
    const unprefixed = await exactly(send(app, path));
    expect(unprefixed.body.length).toBeGreaterThan(0);
    expect(await exactly(send(app, `/v1${path}`))).toEqual(unprefixed);
  });

  it('/v2/speaker/{id} shows the twitter handle as a link and counts the talks', async () => {
    const { id, twitter } = speakerWith('a handle');
    const { status, headers, body } = await sendJson(app, `/v2/speaker/${id}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe(HAL);
    const talks = linkTable(db).talksOf.get(id) ?? [];
    expect(body._links).toEqual({
      self: { href: `${ORIGIN}/v2/speaker/${id}` },
      talks: body._embedded.talks.map((talk: { _links: { self: unknown } }) => talk._links.self),
      twitter: {
        href: `https://twitter.com/${(twitter as string).replace(/^@/, '')}`,
        title: twitter,
      },
    });
    expect(body).not.toHaveProperty('twitter');
    expect(body.talk_count).toBe(talks.length);
    expect(body._embedded.talks).toHaveLength(talks.length);
    // Its talks are version 2's, whose speakers are version 2's: the client stays in version 2.
    for (const talk of body._embedded.talks) {
      expect(talk._links.self.href).toBe(`${ORIGIN}/v2/talk/${talk.id}`);
      for (const speaker of talk._links.speakers ?? [])
        expect(speaker.href).toMatch(new RegExp(`^${ORIGIN}/v2/speaker/\\d+$`));
    }
  });

  it('/v2/speaker/{id} of a speaker without a handle has no twitter link', async () => {
    const { id } = speakerWith('no handle');
    const { body } = await sendJson(app, `/v2/speaker/${id}`);
    expect(Object.keys(body._links)).toEqual(['self', 'talks']);
    expect(body).not.toHaveProperty('twitter');
  });

  it.each(['/v3/talk', '/v3/talk/1', '/v3/speaker', '/v3/speaker/1'])(
    '%s, a version nobody wrote, is a 404 problem',
    async (path) => {
      for (const method of ['GET', 'POST']) {
        const body = method === 'POST' ? { title: 'x' } : undefined;
        const answer = await sendJson(app, path, {
          method,
          headers: { accept: JSON_TYPE },
          body,
          as: 'editor',
        });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.headers.get('content-type')).toBe(PROBLEM);
        expect(answer.body).toEqual(problem(404, 'Not Found', `Nothing is found at ${path}`));
      }
    },
  );
});

describe('versions in media types', () => {
  it.each(['/speaker/1', '/speaker', '/speaker?page=2', '/talk/1', '/talk', '/talk?page=2'])(
    'Accept: version 2 on %s answers exactly what the /v2 URL answers',
    async (path) => {
      const byAccept = await exactly(send(app, path, { headers: { accept: V2 } }));
      expect(byAccept.status).toBe(200);
      expect(byAccept.contentType).toBe(V2);
      const byUrl = await exactly(send(app, `/v2${path}`, { headers: { accept: V2 } }));
      expect(byAccept).toEqual(byUrl);
    },
  );

  it('a version 2 talk embeds version 2 speakers, who count their talks', async () => {
    const { body } = await sendJson(app, '/talk/1', { headers: { accept: V2 } });
    const speakers = linkTable(db).speakersOf.get(1) ?? [];
    expect(body._links.self.href).toBe(`${ORIGIN}/v2/talk/1`);
    expect(body._embedded.speakers.map((speaker: { id: number }) => speaker.id)).toEqual(speakers);
    for (const speaker of body._embedded.speakers) {
      expect(speaker._links.self.href).toBe(`${ORIGIN}/v2/speaker/${speaker.id}`);
      expect(speaker.talk_count).toBe(linkTable(db).talksOf.get(speaker.id)?.length);
      expect(speaker).not.toHaveProperty('twitter');
    }
  });

  it('Accept: version 3 is a 406, and version 1 on a /v2 URL too', async () => {
    const v3 = await sendJson(app, '/speaker/1', {
      headers: { accept: 'application/vnd.conference.v3+json' },
    });
    expect(v3.status).toBe(406);
    const v1OnV2 = await sendJson(app, '/v2/speaker/1', { headers: { accept: V1 } });
    expect(v1OnV2.status).toBe(406);
  });

  it('a version 2 body posted to /speaker creates the speaker through version 2', async () => {
    const created = await sendJson(app, '/speaker', {
      method: 'POST',
      as: 'editor',
      headers: { 'content-type': V2 },
      body: { name: 'Grace Hopper', twitter: '@grace' },
    });
    expect(created.status).toBe(201);
    // The body chose version 2; with no Accept, the answer is HAL.
    expect(created.headers.get('content-type')).toBe(HAL);
    const location = `${ORIGIN}/v2/speaker/${SEED.speakers + 1}`;
    expect(created.headers.get('location')).toBe(location);
    expect(created.body).toEqual({
      _links: {
        self: { href: location },
        talks: [],
        twitter: { href: 'https://twitter.com/grace', title: '@grace' },
      },
      id: SEED.speakers + 1,
      name: 'Grace Hopper',
      url: null,
      talk_count: 0,
      _embedded: { talks: [] },
    });
    expect((await sendJson(app, new URL(location).pathname)).body).toEqual(created.body);
  });

  it('a version 2 body for talks creates it through version 2; a version 1 body on /v2 is a 415', async () => {
    const talk = await sendJson(app, '/talk', {
      method: 'POST',
      as: 'editor',
      headers: { 'content-type': V2 },
      body: { title: 'x' },
    });
    expect(talk.status).toBe(201);
    expect(talk.headers.get('location')).toMatch(new RegExp(`^${ORIGIN}/v2/talk/\\d+$`));
    const onV2 = await sendJson(app, '/v2/talk', {
      method: 'POST',
      as: 'editor',
      headers: { 'content-type': V1 },
      body: { title: 'x' },
    });
    expect(onV2.status).toBe(415);
    const speaker = await sendJson(app, '/v2/speaker', {
      method: 'POST',
      as: 'editor',
      headers: { 'content-type': V1 },
      body: { name: 'x' },
    });
    expect(speaker.status).toBe(415);
    expect(speaker.body).toEqual(
      problem(415, 'Unsupported Media Type', 'Invalid content-type specified'),
    );
  });
});

describe('content negotiation', () => {
  it.each([V1, HAL, JSON_TYPE])(
    'Accept: %s is answered in that type, with the same document',
    async (type) => {
      for (const path of ['/speaker/1', '/talk?page=2']) {
        const answer = await send(app, path, { headers: { accept: type } });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe(type);
        expect(await answer.text()).toBe(await (await send(app, path)).text());
      }
    },
  );

  it.each([
    // Representations are HAL (SPEC 1.5), though the vendor type stands first in the list.
    [undefined, HAL],
    ['*/*', HAL],
    ['application/*', HAL],
    ['application/vnd.conference.v1+json', V1],
    ['text/html, application/json;q=0.5', JSON_TYPE],
    ['application/hal+json;q=0.5, application/json', JSON_TYPE],
    ['application/json; charset=utf-8', JSON_TYPE],
    ['application/vnd.conference.v1+json;q=0.1, application/hal+json;q=0.9', HAL],
  ])('Accept: %s is answered as %s', async (accept, type) => {
    const answer = await send(app, '/speaker/1', { headers: accept ? { accept } : {} });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(type);
  });

  it.each(['text/html', 'application/xml', 'application/problem+json', 'text/*'])(
    'Accept: %s, which the API cannot give, is a 406 problem',
    async (accept) => {
      for (const path of ['/speaker', '/speaker/1', '/talk', '/talk/1']) {
        const { status, headers, body } = await sendJson(app, path, { headers: { accept } });
        expect(status, `${accept} on ${path}`).toBe(406);
        expect(headers.get('content-type')).toBe(PROBLEM);
        expect(body).toEqual(problem(406, 'Not Acceptable', 'Cannot honor Accept type specified'));
      }
    },
  );

  it.each([V1, JSON_TYPE, 'application/json; charset=utf-8'])(
    'a body of type %s is accepted',
    async (type) => {
      const created = await sendJson(app, '/speaker', {
        method: 'POST',
        as: 'editor',
        headers: { 'content-type': type },
        body: { name: 'Typed' },
      });
      expect(created.status).toBe(201);
    },
  );

  it.each(['text/plain', HAL, 'application/x-www-form-urlencoded', 'multipart/form-data'])(
    'a body of type %s is a 415 problem',
    async (type) => {
      const { status, body } = await sendJson(app, '/speaker', {
        method: 'POST',
        as: 'editor',
        headers: { 'content-type': type },
        body: type.includes('json') ? '{"name":"x"}' : 'name=x',
      });
      expect(status).toBe(415);
      expect(body).toEqual(
        problem(415, 'Unsupported Media Type', 'Invalid content-type specified'),
      );
    },
  );

  it('errors are problems whatever the client accepts', async () => {
    const answer = await send(app, '/speaker/999999', { headers: { accept: HAL } });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe(PROBLEM);
  });
});

describe('over a socket, a 415 lists in Accept every body type the URL takes (RFC 9110 §15.5.16)', () => {
  let server: RunningServer;
  beforeEach(async () => {
    server = await serve(app, { port: 0, handleSignals: false, hostname: '127.0.0.1' });
  });
  afterEach(() => server.close());

  const post = (path: string, type: string, body: string) =>
    fetch(new URL(path, server.url), {
      method: 'POST',
      headers: { authorization: basicAuth('editor'), 'content-type': type },
      body,
    });

  it.each([
    ['/speaker', [V1, JSON_TYPE, V2], { name: 'Listed' }],
    ['/talk', [V1, JSON_TYPE, V2], { title: 'Listed' }],
    ['/v1/speaker', [V1, JSON_TYPE], { name: 'Listed' }],
    ['/v2/talk', [V2, JSON_TYPE], { title: 'Listed' }],
  ])(
    'POST %s as text/plain: 415, Accept: %j, and each of them is taken',
    async (path, types, body) => {
      const refused = await post(path, 'text/plain', 'name=x');
      expect(refused.status).toBe(415);
      await refused.arrayBuffer();
      const listed = (refused.headers.get('accept') ?? '').split(/\s*,\s*/);
      expect(listed).toEqual(types);
      for (const type of listed) {
        const created = await post(path, type, JSON.stringify(body));
        expect(created.status, type).toBe(201);
        await created.arrayBuffer();
      }
    },
  );
});
