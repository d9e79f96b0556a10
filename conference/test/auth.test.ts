import { createHash } from 'node:crypto';
import type { Application } from 'hyperpipe';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  basicAuth,
  countOf,
  createTestConference,
  SEED,
  speakerRow,
  type TestConference,
  talkRow,
} from './support/conference.ts';

const PROBLEM = 'application/problem+json';
const WRITES = [
  ['POST', '/speaker', { name: 'Ada' }],
  ['PUT', '/speaker/1', { name: 'Ada' }],
  ['PATCH', '/speaker/1', { name: 'Ada' }],
  ['DELETE', '/speaker/1', undefined],
  ['POST', '/talk', { title: 'T', day: '2027-05-19', start_time: '10:00', speakers: [1] }],
  ['PATCH', '/talk/1', { title: 'T' }],
  ['PUT', '/talk/1', { title: 'T', day: '2027-05-19', start_time: '10:00', speakers: [1] }],
  ['DELETE', '/talk/1', undefined],
] as const;
const PREFIXES = ['', '/v1', '/v2'];

let conference: TestConference;
beforeEach(async () => {
  conference = await createTestConference();
});

function request(
  app: Application,
  method: string,
  path: string,
  init: { body?: unknown; authorization?: string } = {},
) {
  const headers = new Headers();
  if (init.authorization) headers.set('authorization', init.authorization);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  return app.handle(
    new Request(`http://localhost:8080${path}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
}

/** Every row the writes could touch, to show a refused request changed nothing. */
function snapshot({ db }: TestConference) {
  return {
    speakers: countOf(db, 'speakers'),
    talks: countOf(db, 'talks'),
    links: countOf(db, 'talks_speakers'),
    speaker1: speakerRow(db, 1),
    talk1: talkRow(db, 1),
  };
}

function writesOfEveryVersion() {
  return WRITES.flatMap(([method, path, body]) =>
    PREFIXES.filter((prefix) => prefix !== '/v2' || path.startsWith('/speaker')).map(
      (prefix) => [method, `${prefix}${path}`, body] as const,
    ),
  );
}

describe('the conference API with authentication', () => {
  it('keeps every GET public', async () => {
    for (const path of [
      '/speaker',
      '/speaker/1',
      '/talk',
      '/talk/1',
      '/v2/speaker/1',
      '/timezone',
    ]) {
      expect((await request(conference.app, 'GET', path)).status, path).toBe(200);
    }
  });

  it('answers every write of every version without credentials with 401, changing nothing', async () => {
    const before = snapshot(conference);
    for (const [method, path, body] of writesOfEveryVersion()) {
      const response = await request(conference.app, method, path, { body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get('content-type')).toBe(PROBLEM);
      const header = response.headers.get('www-authenticate') ?? '';
      expect(header).toContain('Basic realm="conference"');
      expect(header).toContain('Digest realm="conference"');
      expect(header).toContain('Bearer realm="conference"');
    }
    expect(snapshot(conference)).toEqual(before);
  });

  it('answers a wrong password with 401, changing nothing', async () => {
    const before = snapshot(conference);
    const response = await request(conference.app, 'PATCH', '/speaker/1', {
      body: { name: 'Mallory' },
      authorization: basicAuth('editor', 'wrong'),
    });
    expect(response.status).toBe(401);
    expect(snapshot(conference)).toEqual(before);
  });

  it('answers a malformed Authorization header with 401, never 500', async () => {
    for (const authorization of ['Basic', 'Basic ???', 'Digest nonce=', 'Bearer a b', 'x y z "']) {
      const response = await request(conference.app, 'POST', '/speaker', {
        body: { name: 'A' },
        authorization,
      });
      expect(response.status, authorization).toBe(401);
    }
  });

  it('lets the learner create and change, with 201 and 200', async () => {
    const learner = basicAuth('learner');
    const created = await request(conference.app, 'POST', '/speaker', {
      body: { name: 'Ada' },
      authorization: learner,
    });
    expect(created.status).toBe(201);
    expect(countOf(conference.db, 'speakers')).toBe(SEED.speakers + 1);
    const patched = await request(conference.app, 'PATCH', '/v2/speaker/1', {
      body: { name: 'Grace' },
      authorization: learner,
    });
    expect(patched.status).toBe(200);
    expect(speakerRow(conference.db, 1)?.name).toBe('Grace');
  });

  it('refuses the learner a DELETE with 403, changing nothing; the editor gets 204', async () => {
    const before = snapshot(conference);
    for (const path of ['/speaker/1', '/v1/talk/1', '/v2/speaker/1']) {
      const response = await request(conference.app, 'DELETE', path, {
        authorization: basicAuth('learner'),
      });
      expect(response.status, path).toBe(403);
      expect(await response.json()).toMatchObject({ status: 403, title: 'Forbidden' });
    }
    expect(snapshot(conference)).toEqual(before);
    const deleted = await request(conference.app, 'DELETE', '/talk/1', {
      authorization: basicAuth('editor'),
    });
    expect(deleted.status).toBe(204);
    expect(talkRow(conference.db, 1)).toBeUndefined();
  });

  it('gives tokens to the workshop client for the demo users, and the token writes', async () => {
    const token = await passwordToken(conference.app, 'editor', 'hyperpipe-editor');
    const deleted = await request(conference.app, 'DELETE', '/speaker/2', {
      authorization: `Bearer ${token.access_token}`,
    });
    expect(deleted.status).toBe(204);
    const learner = await passwordToken(conference.app, 'learner', 'hyperpipe');
    const refused = await request(conference.app, 'DELETE', '/speaker/3', {
      authorization: `Bearer ${learner.access_token}`,
    });
    expect(refused.status).toBe(403);
    const viaQuery = await request(
      conference.app,
      'PATCH',
      `/speaker/3?access_token=${learner.access_token}`,
      {
        body: { name: 'Q' },
      },
    );
    expect(viaQuery.status).toBe(200);
  });

  it('accepts the client in a Basic header, and refuses a wrong secret with invalid_client', async () => {
    const good = await tokenForm(
      conference.app,
      'grant_type=client_credentials',
      basicClient('workshop-secret'),
    );
    expect(good.status).toBe(200);
    const bad = await tokenForm(
      conference.app,
      'grant_type=client_credentials',
      basicClient('nope'),
    );
    expect(bad.status).toBe(401);
    expect((await bad.json()).error).toBe('invalid_client');
  });

  it('accepts Digest for the demo users, with both algorithms', async () => {
    for (const algorithm of ['MD5', 'SHA-256'] as const) {
      const challenge = await request(conference.app, 'POST', '/speaker', { body: { name: 'D' } });
      const nonce = /nonce="([^"]+)"/.exec(
        challenge.headers.get('www-authenticate') ?? '',
      )?.[1] as string;
      const authorization = digest('learner', 'hyperpipe', algorithm, nonce, 'POST', '/speaker');
      const created = await request(conference.app, 'POST', '/speaker', {
        body: { name: 'D' },
        authorization,
      });
      expect(created.status, algorithm).toBe(201);
    }
  });
});

function basicClient(secret: string): string {
  return `Basic ${Buffer.from(`workshop:${secret}`).toString('base64')}`;
}

function tokenForm(app: Application, body: string, authorization?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (authorization) headers.authorization = authorization;
  return app.handle(new Request('http://localhost:8080/oauth', { method: 'POST', headers, body }));
}

async function passwordToken(app: Application, username: string, password: string) {
  const form = new URLSearchParams({
    grant_type: 'password',
    username,
    password,
    client_id: 'workshop',
    client_secret: 'workshop-secret',
  });
  const response = await tokenForm(app, form.toString());
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

function digest(
  user: string,
  password: string,
  algorithm: 'MD5' | 'SHA-256',
  nonce: string,
  method: string,
  uri: string,
) {
  const h = (text: string) =>
    createHash(algorithm === 'MD5' ? 'md5' : 'sha256')
      .update(text)
      .digest('hex');
  const ha1 = h(`${user}:conference:${password}`);
  const response = h(`${ha1}:${nonce}:00000001:abc:auth:${h(`${method}:${uri}`)}`);
  return `Digest username="${user}", realm="conference", nonce="${nonce}", uri="${uri}", algorithm=${algorithm}, qop=auth, nc=00000001, cnonce="abc", response="${response}"`;
}
