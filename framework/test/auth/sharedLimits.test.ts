import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthenticationLimits, SharedStore } from '../../src/auth/blocks.ts';
import { type AuthenticationLimitsOptions, authConfigProvider } from '../../src/auth/index.ts';
import { type Application, createContainer, json } from '../../src/index.ts';
import { ApiProblem } from '../../src/problem/index.ts';
import { type RedisServer, startRedis } from '../support/redisServer.ts';
import {
  authenticatingPipeline,
  basic,
  REALM,
  tried,
  useTemporaryFolder,
  waitOf,
  writeHtpasswd,
} from './support.ts';

const folder = useTemporaryFolder();
let redis: RedisServer;
let inspector: Redis;
const stores: SharedStore[] = [];
const logged: string[] = [];

beforeAll(async () => {
  redis = await startRedis();
  inspector = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
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

let tests = 0;
/** Two machines' limits over one Redis server, under a prefix of their own. */
function twoMachines(options: AuthenticationLimitsOptions): {
  prefix: string;
  one: AuthenticationLimits;
  other: AuthenticationLimits;
} {
  const prefix = `limits-test-${++tests}:`;
  const machine = () => {
    const store = new SharedStore({ redis: redis.url, prefix }, (line) => logged.push(line));
    stores.push(store);
    return new AuthenticationLimits(options, store);
  };
  return { prefix, one: machine(), other: machine() };
}

/** The problem a promise rejects with. */
async function problemOf(promise: Promise<unknown>): Promise<ApiProblem> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiProblem);
  return error as ApiProblem;
}

describe('AuthenticationLimits in a shared store', () => {
  it('counts the failures of one pair spread over two machines as one', async () => {
    const { one, other } = twoMachines({ failures: 3 });
    const editorHere = { address: '192.0.2.7', user: 'editor' };
    expect(await tried(one, editorHere, 'wrong')).toBe(0);
    expect(await tried(other, editorHere, 'wrong')).toBe(0);
    expect(await tried(one, editorHere, 'wrong')).toBe(60);
    expect(await waitOf(other, editorHere)).toBe(60);
    // Another client of the same user, and another user of the same client, may try.
    expect(await waitOf(other, { address: '198.51.100.1', user: 'editor' })).toBe(0);
    expect(await waitOf(other, { address: '192.0.2.7', user: 'learner' })).toBe(0);
  });

  it('starts a pair’s count again after a success on the other machine', async () => {
    const { one, other } = twoMachines({ failures: 3 });
    const editorHere = { address: '192.0.2.8', user: 'editor' };
    await tried(one, editorHere, 'wrong');
    await tried(one, editorHere, 'wrong');
    await tried(other, editorHere, 'right');
    expect(await tried(one, editorHere, 'wrong')).toBe(0);
  });

  it('counts an address’s failures for many users over both machines', async () => {
    const { one, other } = twoMachines({ failures: 10, addressFailures: 3 });
    expect(await tried(one, { address: '192.0.2.9', user: 'a' }, 'wrong')).toBe(0);
    expect(await tried(other, { address: '192.0.2.9', user: 'b' }, 'wrong')).toBe(0);
    expect(await tried(one, { address: '192.0.2.9', user: 'c' }, 'wrong')).toBeGreaterThan(3500);
    expect(await waitOf(other, { address: '192.0.2.9' })).toBeGreaterThan(3500);
    expect(await waitOf(other, { address: '192.0.2.10' })).toBe(0);
  });

  it('shares one budget per account among unknown addresses over both machines, not the known', async () => {
    const { one, other } = twoMachines({ failures: 10, userFailures: 3 });
    // The owner signs in on one machine: its address is known on both.
    await tried(one, { address: '203.0.113.250', user: 'editor' }, 'right');
    const machines = [one, other, one];
    for (const [n, machine] of machines.entries())
      await tried(machine, { address: `203.0.113.${n + 1}`, user: 'editor' }, 'wrong');
    expect(await waitOf(other, { address: '203.0.113.1', user: 'editor' })).toBeGreaterThan(3500);
    expect(await waitOf(one, { address: '203.0.113.200', user: 'editor' })).toBeGreaterThan(3500);
    expect(await waitOf(other, { address: '203.0.113.250', user: 'editor' })).toBe(0);
  });

  it('keeps its counts under the prefix, each with an expiry', async () => {
    const { prefix, one } = twoMachines({ failures: 2, window: 1 });
    const editorHere = { address: '192.0.2.11', user: 'editor' };
    await tried(one, editorHere, 'wrong');
    expect(await tried(one, editorHere, 'wrong')).toBe(1);
    await tried(one, { address: '192.0.2.12', user: 'editor' }, 'right');
    // The life of the data (one key per prefix, kept for good) and the counts.
    expect(await inspector.ttl(`${prefix}life`)).toBe(-1);
    const keys = await inspector.keys(`${prefix}limits:*`);
    expect(keys.sort()).toEqual([
      `${prefix}limits:account:user:editor`,
      `${prefix}limits:address:192.0.2.11`,
      `${prefix}limits:address:192.0.2.12`,
      `${prefix}limits:known:user:editor@192.0.2.12`,
      `${prefix}limits:pair:user:editor@192.0.2.11`,
    ]);
    for (const key of keys) {
      const ttl = await inspector.pttl(key);
      expect(ttl, key).toBeGreaterThan(0);
      // A known address is kept a week; every count, an hour at most.
      expect(ttl, key).toBeLessThanOrEqual(key.includes(':known:') ? 7 * 86_400_000 : 3_600_000);
    }
    // The pair's wait is its key's expiry: once Redis dropped it, the pair may try again.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await inspector.exists(`${prefix}limits:pair:user:editor@192.0.2.11`)).toBe(0);
    expect(await waitOf(one, editorHere)).toBe(0);
  });

  it('never deletes counts from Redis to bound this process’s memory', async () => {
    const { prefix, one } = twoMachines({ maxKeys: 2 });
    for (let n = 1; n <= 3; n++)
      await tried(one, { address: `192.0.2.${n}`, user: `u${n}` }, 'wrong');
    expect(one.size).toBe(0);
    expect(await inspector.exists(`${prefix}limits:pair:user:u1@192.0.2.1`)).toBe(1);
  });

  it('refuses an SQLite database and a store together', () => {
    const store = new SharedStore({ redis: redis.url });
    expect(() => new AuthenticationLimits({ database: 'limits.sqlite' }, store)).toThrow(
      'authentication.limits.database and authentication.store are both configured: choose one',
    );
  });
});

describe('AuthenticationLimits while Redis cannot be reached', () => {
  it('fails closed with the 503 problem, and works again once Redis is back', async () => {
    const { one, other } = twoMachines({ failures: 3 });
    const editorHere = { address: '192.0.2.12', user: 'editor' };
    expect(await tried(one, editorHere, 'wrong')).toBe(0);
    const before = logged.length;
    await redis.stop();
    try {
      // Both caught as they are asked for: one failing while the other is awaited would be
      // an unhandled rejection.
      const asked = [
        problemOf(waitOf(one, editorHere)),
        problemOf(tried(other, editorHere, 'wrong')),
      ];
      for (const problem of await Promise.all(asked)) {
        expect(problem.status).toBe(503);
        expect(problem.headers['retry-after']).toBe('5');
      }
      // Why, in one line of its own: the refused command's, or ioredis's own error when it
      // came first (the log then holds lines of the same kind back for a while).
      expect(logged.slice(before).join('\n')).toMatch(
        /the shared store cannot be reached|shared store: (connect|read|write) E[A-Z]+/,
      );
    } finally {
      await redis.restart();
    }
    // The same instances recover by themselves: ioredis reconnects.
    await vi.waitFor(async () => expect(await waitOf(one, editorHere)).toBe(0), {
      timeout: 10_000,
      interval: 200,
    });
    expect(await tried(other, editorHere, 'wrong')).toBe(0);
  }, 20_000);
});

describe('an application counting in a shared store', () => {
  /** Basic authentication over Redis, and one public route. */
  function application(prefix: string): { app: Application; store: SharedStore } {
    const container = createContainer({
      ...authConfigProvider(),
      authentication: {
        realm: REALM,
        basic: { htpasswd: writeHtpasswd(folder()) },
        store: { redis: redis.url, prefix },
      },
      middleware_pipeline: authenticatingPipeline(),
      routes: [{ path: '/public', middleware: () => json({ open: true }) }],
    });
    const store = container.get('SharedStore') as SharedStore;
    stores.push(store);
    return { app: container.get('Application') as Application, store };
  }

  it('answers a 503 problem to credentials while Redis is down, and 200 to public reads', async () => {
    const { app } = application('app-test:');
    const server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
    const read = (headers: Record<string, string> = {}) =>
      fetch(`${server.url}/public`, { headers });
    const editor = { authorization: basic('sha', 'secret-sha') };
    try {
      expect((await read(editor)).status).toBe(200);
      await redis.stop();
      try {
        const refused = await read(editor);
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('5');
        expect(refused.headers.get('content-type')).toBe('application/problem+json');
        expect(await refused.json()).toMatchObject({ status: 503 });
        const guest = await read();
        expect(guest.status).toBe(200);
        expect(await guest.json()).toEqual({ open: true });
      } finally {
        await redis.restart();
      }
      await vi.waitFor(async () => expect((await read(editor)).status).toBe(200), {
        timeout: 10_000,
        interval: 200,
      });
    } finally {
      await server.close();
    }
  }, 20_000);
});
