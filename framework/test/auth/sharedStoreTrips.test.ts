/**
 * What a request with credentials costs the shared store: Redis round trips, counted by a
 * proxy between the application and Redis (docs/rest.md, "What the store costs a request").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedStore } from '../../src/auth/blocks.ts';
import { authConfigProvider, IDENTITY } from '../../src/auth/index.ts';
import { type Application, createContainer, json, type ServerRequest } from '../../src/index.ts';
import { type RedisServer, startRedis } from '../support/redisServer.ts';
import { type RoundTripProxy, roundTripProxy } from '../support/roundTripProxy.ts';
import {
  authenticatingPipeline,
  basic,
  call,
  challenges,
  digest,
  REALM,
  useTemporaryFolder,
  writeHtdigest,
  writeHtpasswd,
} from './support.ts';

const folder = useTemporaryFolder();
let redis: RedisServer;
let proxy: RoundTripProxy;
let app: Application;
let store: SharedStore;

beforeAll(async () => {
  redis = await startRedis();
  proxy = await roundTripProxy(redis.port);
  const where = folder();
  const container = createContainer({
    ...authConfigProvider(),
    authentication: {
      realm: REALM,
      basic: { htpasswd: writeHtpasswd(where) },
      digest: { htdigest: writeHtdigest(where), key: 'a key of at least 32 characters, for trips' },
      // Every command goes through the proxy, which counts the round trips.
      store: { redis: `redis://127.0.0.1:${proxy.port}/0`, prefix: 'trips:' },
      limits: { failures: 2 },
    },
    middleware_pipeline: authenticatingPipeline(),
    routes: [
      {
        path: '/books',
        middleware: (request: ServerRequest) =>
          json({ who: request.getAttribute(IDENTITY)?.name ?? 'guest' }),
      },
    ],
  });
  store = container.get('SharedStore') as SharedStore;
  app = container.get('Application') as Application;
  // The first request connects and learns the life of the data: not a request's cost.
  await call(app, '/books', { headers: { authorization: basic('sha', 'secret-sha') } });
});
afterAll(async () => {
  await store.close();
  await proxy.close();
  await redis.close();
});

/** The status of a request, the Redis round trips it cost, and its body. */
async function tripsOf(
  headers: Record<string, string>,
): Promise<{ status: number; trips: number; body: string }> {
  const before = proxy.trips;
  const response = await call(app, '/books', { headers });
  return { status: response.status, trips: proxy.trips - before, body: await response.text() };
}

/** A fresh Digest nonce, from the challenge of a 401 to a user nobody guessed at before. */
async function nonce(): Promise<string> {
  const authorization = basic('nobody', 'anything');
  const refused = await call(app, '/books', { headers: { authorization } });
  const challenge = challenges(refused).find((line) => line.startsWith('Digest')) ?? '';
  return /nonce="([^"]+)"/.exec(challenge)?.[1] ?? '';
}

describe('the Redis round trips of an authenticated request', () => {
  it('are two for Basic, right or wrong: counting, then settling', async () => {
    expect(await tripsOf({ authorization: basic('sha', 'secret-sha') })).toMatchObject({
      status: 200,
      trips: 2,
    });
    expect(await tripsOf({ authorization: basic('sha', 'wrong') })).toMatchObject({
      status: 401,
      trips: 2,
    });
  });

  it('are two for Digest with the right response, the nonce count recorded as it settles', async () => {
    const used = await nonce();
    for (const nc of ['00000001', '00000002']) {
      const authorization = digest(used, { nc, method: 'GET' });
      const sent = await tripsOf({ authorization });
      expect(sent, sent.body).toMatchObject({ status: 200, trips: 2 });
    }
    // A replay costs no more, and is still refused.
    const replayed = await tripsOf({
      authorization: digest(used, { nc: '00000002', method: 'GET' }),
    });
    expect(replayed).toMatchObject({ status: 401, trips: 2 });
  });

  it('is one for an attempt refused before any check', async () => {
    const wrong = { authorization: basic('crypt', 'wrong') };
    await tripsOf(wrong);
    expect((await tripsOf(wrong)).status).toBe(429);
    // Counted and taken back in one script: the refusal leaves its counts as they were.
    expect(await tripsOf({ authorization: basic('crypt', 'still wrong') })).toMatchObject({
      status: 429,
      trips: 1,
    });
  });
});
