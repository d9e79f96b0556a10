import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { resetCatalogue } from '@hyperpipe/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedis } from '../../framework/test/support/redisServer.ts';
import { basicAuth, DEMO_USERS, PROBLEM, useTemporaryFolders } from './support/conference.ts';
import { type ConferenceProcess, startConferenceProcess } from './support/conferenceProcess.ts';

// Two machines behind a load balancer: two API processes, each with its own catalogue and
// its own token file, that share nothing but a Redis server and the Digest key.
const temporaryFolder = useTemporaryFolders();
const DIGEST_KEY = randomBytes(32).toString('hex');
const CLIENT = `Basic ${Buffer.from('workshop:workshop-secret').toString('base64')}`;

let redis: RedisServer;
let a: ConferenceProcess;
let b: ConferenceProcess;

/** The files of one machine, and the store every machine shares. */
function machine(): Record<string, string> {
  const folder = temporaryFolder();
  const catalogue = join(folder, 'conference.sqlite');
  resetCatalogue(catalogue);
  return {
    CONFERENCE_DB: catalogue,
    CONFERENCE_OAUTH_DB: join(folder, 'oauth.sqlite'),
    CONFERENCE_REDIS_URL: redis.url,
    CONFERENCE_DIGEST_KEY: DIGEST_KEY,
  };
}

beforeAll(async () => {
  redis = await startRedis();
  [a, b] = await Promise.all([
    startConferenceProcess(machine()),
    startConferenceProcess(machine()),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.close();
});

/** A write that needs an identity: renames speaker 1; without `authorization`, anonymously. */
function rename(server: ConferenceProcess, authorization: string | undefined, name: string) {
  return fetch(`${server.url}/speaker/1`, {
    method: 'PATCH',
    headers: {
      'content-type': 'application/json',
      ...(authorization === undefined ? {} : { authorization }),
    },
    body: JSON.stringify({ name }),
  });
}

/** Asks the token endpoint of `server` for a token pair. */
async function tokenRequest(server: ConferenceProcess, form: Record<string, string>) {
  return fetch(`${server.url}/oauth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: CLIENT },
    body: new URLSearchParams(form).toString(),
  });
}

async function tokensFrom(server: ConferenceProcess, form: Record<string, string>) {
  const response = await tokenRequest(server, form);
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

describe('two API processes that share only Redis', () => {
  it('accept on one machine a token issued by the other, and refuse it on both once revoked', async () => {
    const first = await tokensFrom(a, {
      grant_type: 'password',
      username: 'learner',
      password: DEMO_USERS.learner,
    });
    expect((await rename(b, `Bearer ${first.access_token}`, 'Token from A')).status).toBe(200);

    // Refreshing rotates the pair: the old access and refresh tokens are revoked.
    const second = await tokensFrom(a, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    for (const server of [a, b]) {
      expect((await rename(server, `Bearer ${first.access_token}`, 'Revoked')).status).toBe(401);
    }
    const reused = await tokenRequest(b, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(reused.status).toBe(400);
    expect((await rename(b, `Bearer ${second.access_token}`, 'Refreshed on A')).status).toBe(200);
  });

  it('count wrong passwords sent to either machine against one limit', async () => {
    // The default: a pair of address and user gets 10 failures, and the 10th is answered 429.
    const wrong = basicAuth('editor', 'not-the-password');
    for (let attempt = 1; attempt < 10; attempt++) {
      const server = attempt % 2 === 0 ? a : b;
      expect((await rename(server, wrong, 'Guess')).status).toBe(401);
    }
    expect((await rename(a, wrong, 'Guess')).status).toBe(429);
    // Now the right password waits too, on both machines.
    for (const server of [a, b]) {
      const refused = await rename(server, basicAuth('editor'), 'Editor');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('let a Digest client alternate between machines with one nonce, and refuse a replay on the other', async () => {
    const challenge = await rename(a, undefined, 'Anonymous');
    expect(challenge.status).toBe(401);
    const nonce = nonceOf(challenge.headers.get('www-authenticate') ?? '');
    const signed = (count: number) =>
      digestAuthorization('learner', DEMO_USERS.learner, nonce, count);

    // Counts 1, 3, 5 go to B, which did not issue the nonce; 2, 4, 6 to A.
    for (let count = 1; count <= 6; count++) {
      const server = count % 2 === 1 ? b : a;
      const response = await rename(server, signed(count), `Digest ${count}`);
      expect(response.headers.get('www-authenticate') ?? '').not.toContain('stale');
      expect(response.status).toBe(200);
    }

    // The request with count 6 went to A; sent again to B, it is a replay: refused, not applied.
    const replayed = await rename(b, signed(6), 'Digest 6');
    expect(replayed.status).toBe(401);
    expect(replayed.headers.get('www-authenticate') ?? '').not.toContain('stale');
    const onB = await (await fetch(`${b.url}/speaker/1`)).json();
    expect(onB.name).toBe('Digest 5');
  });

  it('answer 503 to writes while Redis is down, keep reads public, and recover when it returns', async () => {
    const token = await tokensFrom(a, {
      grant_type: 'password',
      username: 'learner',
      password: DEMO_USERS.learner,
    });
    const before = await Promise.all([a, b].map((server) => speakerOne(server)));

    await redis.stop();
    for (const server of [a, b]) {
      for (const authorization of [basicAuth('learner'), `Bearer ${token.access_token}`]) {
        const refused = await rename(server, authorization, 'Written during the outage');
        expect(refused.status).toBe(503);
        expect(refused.headers.get('content-type')).toBe(PROBLEM);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect((await fetch(`${server.url}/speaker`)).status).toBe(200);
    }
    expect(await Promise.all([a, b].map((server) => speakerOne(server)))).toEqual(before);

    // The restarted Redis is empty: the token is gone, the passwords still work.
    await redis.restart();
    for (const server of [a, b]) {
      expect(await statusWithin(() => rename(server, basicAuth('learner'), 'After'), 200)).toBe(
        200,
      );
    }
  });

  it('refuse to start with Redis and no Digest key, and say which key is missing', async () => {
    // A key made up per process would make every other machine's nonces stale.
    const withoutKey = { ...machine(), CONFERENCE_DIGEST_KEY: '' };
    const outcome = await startConferenceProcess(withoutKey).then(
      async (server) => `started at ${server.url} (exit ${await server.stop()})`,
      (error: Error) => error.message,
    );
    expect(outcome).toMatch(/authentication\.digest\.key is missing/);
  });

  it('still stop on SIGTERM with their Redis connection open', async () => {
    expect(await Promise.all([a.stop(), b.stop()])).toEqual([0, 0]);
  });
});

async function speakerOne(server: ConferenceProcess): Promise<unknown> {
  const response = await fetch(`${server.url}/speaker/1`);
  expect(response.status).toBe(200);
  return response.json();
}

/** Sends the request again until it gets `wanted`, for up to 20 s; the last status. */
async function statusWithin(send: () => Promise<Response>, wanted: number): Promise<number> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { status } = await send();
    if (status === wanted || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The nonce of a `WWW-Authenticate` header's Digest challenges (they share one). */
function nonceOf(header: string): string {
  const found = /nonce="([^"]+)"/.exec(header);
  if (!found) throw new Error(`no Digest challenge in ${header}`);
  return found[1] as string;
}

/** The `Authorization` of a Digest client (RFC 7616, SHA-256, qop=auth) for PATCH /speaker/1. */
function digestAuthorization(user: string, password: string, nonce: string, count: number) {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const uri = '/speaker/1';
  const nc = count.toString(16).padStart(8, '0');
  const cnonce = 'shared-state-client';
  const ha1 = sha256(`${user}:conference:${password}`);
  const ha2 = sha256(`PATCH:${uri}`);
  const response = sha256(`${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`);
  return `Digest username="${user}", realm="conference", uri="${uri}", algorithm=SHA-256, qop=auth, nonce="${nonce}", nc=${nc}, cnonce="${cnonce}", response="${response}"`;
}
