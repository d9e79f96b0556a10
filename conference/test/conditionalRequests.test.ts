import type { CatalogueDatabase } from '@hyperpipe/catalogue';
import type { Application } from 'hyperpipe';
import { type RunningServer, serve } from 'hyperpipe/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  basicAuth,
  createTestConference,
  HAL,
  JSON_TYPE,
  PROBLEM,
  problem,
  send,
  sendJson,
  speakerRow,
  talkRow,
  V1,
  V2,
} from './support/conference.ts';

// Validators (RFC 9110 §13): a client revalidates what it holds with If-None-Match, and
// writes only over the version it saw with If-Match.
let app: Application;
let db: CatalogueDatabase;
beforeEach(async () => {
  ({ app, db } = await createTestConference());
});

const STRONG_TAG = /^"[\w-]+"$/;

async function etagOf(path: string): Promise<string> {
  const response = await send(app, path);
  expect(response.status).toBe(200);
  const tag = response.headers.get('etag');
  expect(tag).toMatch(STRONG_TAG);
  return tag as string;
}

describe('GET with If-None-Match', () => {
  it.each(['/speaker/1', '/talk/1', '/speaker?page=2', '/talk', '/v2/speaker/1'])(
    '%s has a strong ETag, and answers 304 without a body while it is current',
    async (path) => {
      const tag = await etagOf(path);
      for (const condition of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
        for (const method of ['GET', 'HEAD']) {
          const response = await send(app, path, {
            method,
            headers: { 'if-none-match': condition },
          });
          expect(response.status, `${method} ${condition}`).toBe(304);
          expect(response.headers.get('etag')).toBe(tag);
          expect(response.headers.get('vary')).toBe('Accept');
          expect(response.headers.get('content-type')).toBeNull();
          expect(await response.text()).toBe('');
        }
      }
      const changed = await send(app, path, { headers: { 'if-none-match': '"other"' } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).toBe(tag);
    },
  );

  it('gives a new ETag when the representation changes, the page that shows it included', async () => {
    const entity = await etagOf('/speaker/1');
    const page = await etagOf('/speaker');
    await send(app, '/speaker/1', { method: 'PATCH', body: { name: 'Ada' }, as: 'learner' });
    expect(await etagOf('/speaker/1')).not.toBe(entity);
    expect(await etagOf('/speaker')).not.toBe(page);
    const stale = await send(app, '/speaker/1', { headers: { 'if-none-match': entity } });
    expect(stale.status).toBe(200);
  });

  it('varies on Accept: each media type and version has its own answer', async () => {
    const hal = await send(app, '/speaker/1', { headers: { accept: HAL } });
    const v2 = await send(app, '/speaker/1', {
      headers: { accept: 'application/vnd.conference.v2+json' },
    });
    expect(hal.headers.get('vary')).toBe('Accept');
    expect(v2.headers.get('vary')).toBe('Accept');
    expect(v2.headers.get('etag')).not.toBe(hal.headers.get('etag'));
  });
});

describe('writes with If-Match', () => {
  it('refuse the second of two clients that saw the same version: no lost update', async () => {
    const seen = await etagOf('/speaker/1');
    // Alice and Bob both fetched speaker 1. Alice writes first, naming what she saw.
    const alice = await sendJson(app, '/speaker/1', {
      method: 'PATCH',
      headers: { 'if-match': seen },
      body: { name: 'Alice’s change' },
      as: 'learner',
    });
    expect(alice.status).toBe(200);
    const current = alice.headers.get('etag');
    expect(current).toMatch(STRONG_TAG);
    expect(current).not.toBe(seen);
    expect(current).toBe(await etagOf('/speaker/1'));
    // Bob's write names the version he saw, which is gone: 412, and nothing is written.
    const bob = await sendJson(app, '/speaker/1', {
      method: 'PATCH',
      headers: { 'if-match': seen },
      body: { name: 'Bob’s change' },
      as: 'learner',
    });
    expect(bob.status).toBe(412);
    expect(bob.headers.get('content-type')).toBe(PROBLEM);
    expect(bob.body).toEqual(
      problem(412, 'Precondition Failed', /has changed since the version If-Match names/),
    );
    expect(speakerRow(db, 1)?.name).toBe('Alice’s change');
    // Bob fetches again, sees Alice's change, and writes over that version.
    const retry = await send(app, '/speaker/1', {
      method: 'PATCH',
      headers: { 'if-match': current as string },
      body: { name: 'Bob’s change' },
      as: 'learner',
    });
    expect(retry.status).toBe(200);
    expect(speakerRow(db, 1)?.name).toBe('Bob’s change');
  });

  it.each([
    ['PUT', { title: 'Replaced' }],
    ['PATCH', { title: 'Changed' }],
    ['DELETE', undefined],
  ])('%s with a stale or weak tag answers 412 and writes nothing', async (method, body) => {
    const before = db.prepare('SELECT * FROM talks WHERE id = 1').get();
    const tag = await etagOf('/talk/1');
    for (const condition of ['"stale"', `W/${tag}`]) {
      const response = await sendJson(app, '/talk/1', {
        method,
        headers: { 'if-match': condition },
        body,
        as: 'editor',
      });
      expect(response.status, condition).toBe(412);
      expect(db.prepare('SELECT * FROM talks WHERE id = 1').get()).toEqual(before);
    }
    const current = await send(app, '/talk/1', {
      method,
      headers: { 'if-match': tag },
      ...(body ? { body } : {}),
      as: 'editor',
    });
    expect(current.status).toBe(method === 'DELETE' ? 204 : 200);
  });

  it('If-Match: * writes over any current version, and fails where there is none', async () => {
    const any = await send(app, '/speaker/2', {
      method: 'PATCH',
      headers: { 'if-match': '*' },
      body: { name: 'Anyone' },
      as: 'learner',
    });
    expect(any.status).toBe(200);
    const none = await sendJson(app, '/speaker/999999', {
      method: 'PATCH',
      headers: { 'if-match': '*' },
      body: { name: 'Nobody' },
      as: 'learner',
    });
    expect(none.status).toBe(412);
    expect(none.body.detail).toBe('There is no entity to match If-Match against.');
  });

  it('without If-Match, writes go ahead as before', async () => {
    const response = await send(app, '/speaker/3', {
      method: 'PATCH',
      body: { name: 'Unconditional' },
      as: 'learner',
    });
    expect(response.status).toBe(200);
  });
});

describe('over a socket, each representation is validated by its own tag', () => {
  let server: RunningServer;
  beforeEach(async () => {
    server = await serve(app, { port: 0, handleSignals: false, hostname: '127.0.0.1' });
  });
  afterEach(() => server.close());

  const over = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path, server.url), { ...init, headers: { accept: '*/*', ...init.headers } });

  /** The tag of `path` as `type`: one GET with only that type in Accept. */
  async function tagOf(path: string, type: string): Promise<string> {
    const answer = await over(path, { headers: { accept: type } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(type);
    await answer.arrayBuffer();
    const tag = answer.headers.get('etag');
    expect(tag).toMatch(STRONG_TAG);
    return tag as string;
  }

  it.each(['/v1/talk?page=2', '/v1/speaker/1', '/v2/speaker/1'])(
    '%s as HAL, JSON and the vendor type: the same bytes, three strong tags (RFC 9110 §8.8.3)',
    async (path) => {
      const vendor = path.startsWith('/v2') ? 'application/vnd.conference.v2+json' : V1;
      const types = [HAL, JSON_TYPE, vendor];
      const bodies = await Promise.all(
        types.map(async (accept) => (await over(path, { headers: { accept } })).text()),
      );
      expect(new Set(bodies).size).toBe(1);
      const tags = await Promise.all(types.map((type) => tagOf(path, type)));
      expect(new Set(tags).size).toBe(types.length);
      for (const [index, type] of types.entries()) {
        for (const [other, tag] of tags.entries()) {
          const answer = await over(path, { headers: { accept: type, 'if-none-match': tag } });
          // Only the representation's own tag says the client holds it.
          expect(answer.status, `${type} with the tag of ${types[other]}`).toBe(
            index === other ? 304 : 200,
          );
          expect(answer.headers.get('etag')).toBe(tags[index]);
          await answer.arrayBuffer();
        }
      }
    },
  );

  it.each(['/v1/talk?page=2', '/v1/speaker/1', '/talk/1'])(
    '%s answers If-None-Match: W/"…" with 304: the comparison is weak (RFC 9110 §13.1.2)',
    async (path) => {
      for (const type of [HAL, JSON_TYPE, V1]) {
        const tag = await tagOf(path, type);
        for (const method of ['GET', 'HEAD']) {
          const answer = await over(path, {
            method,
            headers: { accept: type, 'if-none-match': `W/${tag}` },
          });
          expect(answer.status, `${method} ${type}`).toBe(304);
          expect(answer.headers.get('etag')).toBe(tag);
          expect(await answer.text()).toBe('');
        }
      }
    },
  );

  it.each([
    [HAL, JSON_TYPE],
    [JSON_TYPE, HAL],
    [V1, undefined],
    [HAL, V1],
  ])(
    'a client that reads as %s writes with that tag (Accept: %s): no lost-update check stands in its way',
    async (read, write) => {
      const path = '/v1/talk/2';
      const seen = await tagOf(path, read);
      const headers = {
        authorization: basicAuth('editor'),
        'content-type': JSON_TYPE,
        'if-match': seen,
        ...(write ? { accept: write } : {}),
      };
      const patched = await over(path, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ title: `Read as ${read}` }),
      });
      expect(patched.status).toBe(200);
      await patched.arrayBuffer();
      expect(talkRow(db, 2)?.title).toBe(`Read as ${read}`);
      // The tag named the version before the write, which is gone: 412, nothing written.
      const stale = await over(path, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ title: 'Lost update' }),
      });
      expect(stale.status).toBe(412);
      await stale.arrayBuffer();
      expect(talkRow(db, 2)?.title).toBe(`Read as ${read}`);
    },
  );

  it.each([
    ['/v2/speaker/1', V2, 'PATCH', '/speaker/1'],
    ['/v2/speaker/1', V2, 'PUT', '/v1/speaker/1'],
    ['/v2/speaker/1', HAL, 'PATCH', '/v1/speaker/1'],
    ['/v1/speaker/1', V1, 'PATCH', '/v2/speaker/1'],
    ['/talk/3', JSON_TYPE, 'PUT', '/v2/talk/3'],
  ])(
    'the tag of %s as %s lets a %s of %s go ahead while nothing changed, and only then',
    async (read, type, method, written) => {
      const seen = await tagOf(read, type);
      const isTalk = written.includes('talk');
      const write = (name: string) =>
        over(written, {
          method,
          headers: {
            authorization: basicAuth('editor'),
            'content-type': JSON_TYPE,
            'if-match': seen,
          },
          body: JSON.stringify(isTalk ? { title: name } : { name }),
        });
      const current = () => (isTalk ? talkRow(db, 3)?.title : speakerRow(db, 1)?.name);
      const first = await write('Unchanged until now');
      expect(first.status).toBe(200);
      await first.arrayBuffer();
      expect(current()).toBe('Unchanged until now');
      // The state the tag names is gone, in every version: 412, nothing written.
      const second = await write('Lost update');
      expect(second.status).toBe(412);
      await second.arrayBuffer();
      expect(current()).toBe('Unchanged until now');
    },
  );
});
