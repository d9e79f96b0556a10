/**
 * The token stores on real parts: the same behaviour from SQLite and from a real Redis
 * server, what only Redis does (expiry by TTL, hashes only, failing closed while it cannot be
 * reached, and recovering by itself), and the token endpoint and the Bearer adapter over a
 * socket while Redis is down.
 */
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AuthenticationLimits,
  RedisTokenStore,
  SharedStore,
  SqliteTokenStore,
  type TokenStore,
  type TokenToSave,
} from '../../src/auth/blocks.ts';
import { authConfigProvider } from '../../src/auth/index.ts';
import { TOKENS_PER_USER } from '../../src/auth/stores/TokenStore.ts';
import { type Application, createContainer, json } from '../../src/index.ts';
import { ApiProblem } from '../../src/problem/index.ts';
import { type RedisServer, startRedis } from '../support/redisServer.ts';
import { authenticatingPipeline, REALM, useTemporaryFolder, writeHtpasswd } from './support.ts';

const folder = useTemporaryFolder();
const HOUR = 3600_000;
const CLIENTS = {
  app: { secret: 'app-secret', grants: ['password', 'refresh_token'], scopes: ['read'] },
};

let redis: RedisServer;
/** A connection of the test's own, to look at what the stores wrote. */
let inspector: Redis;
const stores: SharedStore[] = [];

beforeAll(async () => {
  redis = await startRedis();
  inspector = new Redis(redis.url, { maxRetriesPerRequest: 0 });
  // The outages below are on purpose.
  inspector.on('error', () => {});
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});
afterAll(async () => {
  inspector.disconnect();
  await redis.close();
});

let prefixes = 0;
/**
 * A connection to Redis, as one machine has, under a prefix of its own unless another
 * machine's is given, so that tests do not see each other's keys.
 */
function sharedStore(prefix = `tokens-test-${++prefixes}:`): SharedStore {
  // The outages below are on purpose: no need to log them.
  const store = new SharedStore({ redis: redis.url, prefix }, () => {});
  stores.push(store);
  return store;
}

function pair(name: string, user = 'ada', expiresIn = HOUR): TokenToSave {
  return {
    accessToken: `${name}-access-token`,
    accessTokenExpiresAt: new Date(Date.now() + expiresIn),
    refreshToken: `${name}-refresh-token`,
    refreshTokenExpiresAt: new Date(Date.now() + 14 * 24 * HOUR),
    clientId: 'app',
    userName: user,
    scope: ['read'],
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each([
  ['SqliteTokenStore', () => new SqliteTokenStore(':memory:', CLIENTS)],
  ['RedisTokenStore', () => new RedisTokenStore(sharedStore(), CLIENTS)],
] as const)('%s', (_name, create: () => TokenStore) => {
  it('finds a saved pair by its access token and by its refresh token', async () => {
    const tokens = create();
    const saved = pair('first');
    await tokens.save(saved);
    const expected = {
      clientId: 'app',
      userName: 'ada',
      accessTokenExpiresAt: saved.accessTokenExpiresAt,
      refreshTokenExpiresAt: saved.refreshTokenExpiresAt,
      scope: ['read'],
    };
    expect(await tokens.findAccessToken('first-access-token')).toEqual(expected);
    expect(await tokens.findRefreshToken('first-refresh-token')).toEqual(expected);
    expect(await tokens.findAccessToken('first-refresh-token')).toBeUndefined();
    expect(await tokens.findAccessToken('unknown')).toBeUndefined();
  });

  it.each([
    ['access', 'first-access-token'],
    ['refresh', 'first-refresh-token'],
  ])('revokes the whole pair by its %s token, once', async (_kind, token) => {
    const tokens = create();
    await tokens.save(pair('first'));
    await tokens.save(pair('second'));
    expect(await tokens.revoke(token)).toBe(true);
    expect(await tokens.findAccessToken('first-access-token')).toBeUndefined();
    expect(await tokens.findRefreshToken('first-refresh-token')).toBeUndefined();
    expect(await tokens.revoke(token)).toBe(false);
    expect((await tokens.findAccessToken('second-access-token'))?.userName).toBe('ada');
  });

  it(`keeps the newest ${TOKENS_PER_USER} pairs of a client and user, revoking the oldest`, async () => {
    const tokens = create();
    await tokens.save(pair('other', 'grace'));
    for (let n = 0; n <= TOKENS_PER_USER; n++) await tokens.save(pair(`n${n}`));
    expect(await tokens.findAccessToken('n0-access-token')).toBeUndefined();
    expect(await tokens.findRefreshToken('n0-refresh-token')).toBeUndefined();
    for (let n = 1; n <= TOKENS_PER_USER; n++)
      expect(await tokens.findAccessToken(`n${n}-access-token`), `n${n}`).toBeDefined();
    expect(await tokens.findAccessToken('other-access-token')).toBeDefined();
  });

  it('verifies the configured clients by their secret, and saves others', async () => {
    const tokens = create();
    expect(await tokens.verifyClient('app', 'app-secret')).toEqual({
      id: 'app',
      grants: ['password', 'refresh_token'],
      scopes: ['read'],
    });
    expect(await tokens.verifyClient('app', 'wrong-secret')).toBeUndefined();
    expect(await tokens.verifyClient('nobody', 'app-secret')).toBeUndefined();
    await tokens.saveClient('cli', 'cli-secret', ['client_credentials']);
    expect(await tokens.verifyClient('cli', 'cli-secret')).toEqual({
      id: 'cli',
      grants: ['client_credentials'],
      scopes: [],
    });
  });
});

describe('RedisTokenStore', () => {
  /** Every key under the store's prefix, with what it holds. */
  async function contents(store: SharedStore): Promise<Map<string, string>> {
    const keys = await inspector.keys(`${store.prefix}*`);
    const held = new Map<string, string>();
    for (const key of keys) {
      const type = await inspector.type(key);
      const value =
        type === 'string'
          ? await inspector.get(key)
          : type === 'hash'
            ? JSON.stringify(await inspector.hgetall(key))
            : JSON.stringify(await inspector.zrange(key, 0, '-1'));
      held.set(key, value ?? '');
    }
    return held;
  }

  it('gives each token key the TTL of its token, and the set of pairs that of its last', async () => {
    const store = sharedStore();
    const tokens = new RedisTokenStore(store);
    const saved = pair('ttl');
    await tokens.save(saved);
    const ttl = (...key: string[]) => inspector.pttl(store.key(...key));
    const accessTtl = await ttl('oauth', 'access', sha256(saved.accessToken));
    const refreshTtl = await ttl('oauth', 'refresh', sha256(saved.refreshToken as string));
    const pairsTtl = await ttl('oauth', 'pairs', 'app', 'ada');
    // A TTL counts down from the expiry: at most what was left when it was saved.
    expect(accessTtl).toBeGreaterThan(HOUR - 60_000);
    expect(accessTtl).toBeLessThanOrEqual(HOUR);
    expect(refreshTtl).toBeGreaterThan(14 * 24 * HOUR - 60_000);
    expect(refreshTtl).toBeLessThanOrEqual(14 * 24 * HOUR);
    expect(pairsTtl).toBeGreaterThan(accessTtl);
  });

  it('forgets a token whose expiry has passed: Redis keeps nothing of it', async () => {
    const store = sharedStore();
    const tokens = new RedisTokenStore(store);
    const expired = {
      ...pair('expired', 'ada', -1),
      refreshTokenExpiresAt: new Date(Date.now() - 1),
    };
    await tokens.save(expired);
    expect(await tokens.findAccessToken('expired-access-token')).toBeUndefined();
    expect(await tokens.findRefreshToken('expired-refresh-token')).toBeUndefined();
    expect([...(await contents(store)).keys()].filter((key) => !key.includes(':client:'))).toEqual([
      `${store.prefix}life`,
    ]);
  });

  it('holds hashes only: no key or value contains a token or a client secret', async () => {
    const store = sharedStore();
    const tokens = new RedisTokenStore(store, CLIENTS);
    await tokens.save(pair('secret'));
    await tokens.save({ ...pair('plain'), refreshToken: undefined });
    expect(await tokens.verifyClient('app', 'app-secret')).toBeDefined();
    const held = await contents(store);
    expect(held.size).toBeGreaterThan(3);
    const everything = [...held].flat().join('\n');
    expect(everything).toContain(sha256('secret-access-token'));
    for (const text of ['access-token', 'refresh-token', 'app-secret'])
      expect(everything).not.toContain(text);
  });

  it('keeps the cap when machines issue tokens for one user at once', async () => {
    const one = sharedStore();
    const machines = [one, sharedStore(one.prefix)].map((store) => new RedisTokenStore(store));
    // Connected first: the point is commands that race, not connections.
    await Promise.all(machines.map((tokens) => tokens.findAccessToken('none')));
    const saved = Array.from({ length: 3 * TOKENS_PER_USER }, (_, n) => pair(`c${n}`));
    await Promise.all(saved.map((token, n) => machines[n % 2]?.save(token)));
    const found = await Promise.all(
      saved.map((token) => machines[0]?.findAccessToken(token.accessToken)),
    );
    expect(found.filter((token) => token !== undefined)).toHaveLength(TOKENS_PER_USER);
    expect(await inspector.zcard(one.key('oauth', 'pairs', 'app', 'ada'))).toBe(TOKENS_PER_USER);
  });

  it('revokes on every machine: a pair revoked through one store is gone from another', async () => {
    const one = sharedStore();
    const other = sharedStore(one.prefix);
    await new RedisTokenStore(one).save(pair('shared'));
    const elsewhere = new RedisTokenStore(other);
    expect((await elsewhere.findAccessToken('shared-access-token'))?.userName).toBe('ada');
    expect(await new RedisTokenStore(one).revoke('shared-refresh-token')).toBe(true);
    expect(await elsewhere.findAccessToken('shared-access-token')).toBeUndefined();
  });

  it('keeps a revoked pair revoked when Redis restarts from a snapshot taken before', async () => {
    const first = sharedStore();
    const one = new RedisTokenStore(first);
    await one.save(pair('snapshot'));
    await inspector.save();
    expect(await one.revoke('snapshot-access-token')).toBe(true);
    // Killed, and started again from the snapshot, which still holds the pair.
    await redis.restart();
    const tokens = new RedisTokenStore(sharedStore(first.prefix));
    // Before, both tokens worked again, on every machine.
    await vi.waitFor(
      async () => expect(await tokens.findAccessToken('snapshot-access-token')).toBeUndefined(),
      { timeout: 10_000, interval: 200 },
    );
    expect(await tokens.findRefreshToken('snapshot-refresh-token')).toBeUndefined();
    await vi.waitFor(
      async () => expect(await one.findRefreshToken('snapshot-refresh-token')).toBeUndefined(),
      { timeout: 10_000, interval: 200 },
    );
    // Tokens issued in the new life work.
    await one.save(pair('new-life'));
    expect((await tokens.findAccessToken('new-life-access-token'))?.userName).toBe('ada');
  }, 30_000);

  it('finds no token of a life whose key was wiped, and works on in the next', async () => {
    const store = sharedStore();
    const tokens = new RedisTokenStore(store);
    await tokens.save(pair('wiped'));
    // The life's key alone is lost (an eviction, a careless DEL): the pair is no longer trusted.
    await inspector.del(store.key('life'));
    expect(await tokens.findAccessToken('wiped-access-token')).toBeUndefined();
    await tokens.save(pair('next'));
    expect((await tokens.findAccessToken('next-access-token'))?.userName).toBe('ada');
  });

  it('fails closed with the 503 problem while Redis is down, and works again once it is back', async () => {
    const tokens = new RedisTokenStore(sharedStore(), CLIENTS);
    await tokens.save(pair('before'));
    expect(await tokens.verifyClient('app', 'app-secret')).toBeDefined();
    await redis.stop();
    try {
      // Each answer is caught as it is asked for: one that failed while an earlier one was
      // awaited would otherwise be an unhandled rejection.
      const answers = await Promise.all(
        [
          tokens.findAccessToken('before-access-token'),
          tokens.findRefreshToken('before-refresh-token'),
          tokens.save(pair('during')),
          tokens.revoke('before-access-token'),
          tokens.verifyClient('app', 'app-secret'),
        ].map((asked: Promise<unknown>) =>
          asked.then(
            () => undefined,
            (error: unknown) => error,
          ),
        ),
      );
      for (const problem of answers) {
        expect(problem).toBeInstanceOf(ApiProblem);
        expect((problem as ApiProblem).status).toBe(503);
        expect((problem as ApiProblem).headers['retry-after']).toBe('5');
      }
    } finally {
      await redis.restart();
    }
    // The same store recovers by itself (ioredis reconnects); the restarted Redis is empty,
    // and the configured clients are written again.
    await vi.waitFor(() => tokens.save(pair('after')), { timeout: 10_000, interval: 200 });
    expect((await tokens.findAccessToken('after-access-token'))?.userName).toBe('ada');
    expect(await tokens.verifyClient('app', 'app-secret')).toBeDefined();
  }, 20_000);
});

describe('the token store of the configuration', () => {
  it('needs no database with a shared store, and says what to add without either', () => {
    const container = (oauth2: object, store?: object) =>
      createContainer({ ...authConfigProvider(), authentication: { oauth2, store } });
    expect(container({}, { redis: 'redis://127.0.0.1:1/0' }).get('TokenStore')).toBeInstanceOf(
      RedisTokenStore,
    );
    expect(container({ database: ':memory:' }).get('TokenStore')).toBeInstanceOf(SqliteTokenStore);
    expect(() => container({}).get('TokenStore')).toThrow(
      /"authentication\.oauth2\.database" is not configured.*"authentication\.store"/,
    );
  });
});

describe('the token endpoint and the Bearer adapter over Redis', () => {
  /**
   * An application whose tokens live in Redis only: no SQLite file configured. Its limits
   * on failures count in memory, so that a 503 here can only come from the token store.
   */
  function application(): Application {
    const container = createContainer({
      dependencies: {
        factories: {
          ...(authConfigProvider().dependencies as { factories: object }).factories,
          AuthenticationLimits: () => new AuthenticationLimits(),
        },
      },
      authentication: {
        realm: REALM,
        store: { redis: redis.url, prefix: `tokens-test-${++prefixes}:` },
        oauth2: { htpasswd: writeHtpasswd(folder()), clients: CLIENTS },
      },
      middleware_pipeline: authenticatingPipeline(),
      routes: [
        {
          path: '/oauth',
          middleware: 'OAuth2TokenEndpoint',
          allowed_methods: ['POST'],
          options: { authentication: false },
        },
        { path: '/me', middleware: () => json({ ok: true }) },
      ],
    });
    stores.push(container.get('SharedStore') as SharedStore);
    return container.get('Application') as Application;
  }

  it('answers the 503 problem with Retry-After while Redis is down, then tokens again', async () => {
    const server = await application().run({
      port: 0,
      hostname: '127.0.0.1',
      handleSignals: false,
    });
    const issue = () =>
      fetch(`${server.url}/oauth`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          username: 'sha',
          password: 'secret-sha',
          client_id: 'app',
          client_secret: 'app-secret',
        }),
      });
    const withBearer = (token: string) =>
      fetch(`${server.url}/me`, { headers: { authorization: `Bearer ${token}` } });
    try {
      const issued = await issue();
      expect(issued.status).toBe(200);
      const { access_token } = (await issued.json()) as { access_token: string };
      expect((await withBearer(access_token)).status).toBe(200);
      await redis.stop();
      try {
        for (const refused of [await issue(), await withBearer(access_token)]) {
          expect(refused.status).toBe(503);
          expect(refused.headers.get('retry-after')).toBe('5');
          expect(refused.headers.get('content-type')).toBe('application/problem+json');
          expect(await refused.json()).toMatchObject({ status: 503 });
        }
      } finally {
        await redis.restart();
      }
      await vi.waitFor(async () => expect((await issue()).status).toBe(200), {
        timeout: 10_000,
        interval: 200,
      });
    } finally {
      await server.close();
    }
  }, 20_000);
});
