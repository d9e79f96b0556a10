import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedStore } from '../../src/auth/blocks.ts';
import { ApiProblem } from '../../src/problem/index.ts';
import { type RedisServer, startRedis } from '../support/redisServer.ts';

let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.close();
});

describe('SharedStore', () => {
  it('refuses a URL that is not redis://, without repeating it (it may carry a password)', () => {
    expect(() => new SharedStore({ redis: 'http://:s3cret-password@10.0.0.5:6379' })).toThrow(
      /^authentication\.store\.redis must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => new SharedStore({ redis: 'http://:s3cret-password@10.0.0.5:6379' })).not.toThrow(
      /s3cret/,
    );
  });

  it('gives the Redis client the options configured, but never an offline queue or a retry', async () => {
    const store = new SharedStore({
      redis: redis.url,
      options: { connectionName: 'api-one', enableOfflineQueue: true, maxRetriesPerRequest: 5 },
    });
    try {
      const clients = await store.run((client) => client.call('CLIENT', 'LIST'));
      expect(String(clients)).toContain('name=api-one');
      const { options } = await store.client();
      expect(options).toMatchObject({ enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    } finally {
      await store.close();
    }
  });

  it('prefixes its keys, hyperpipe: unless told otherwise', () => {
    expect(new SharedStore({ redis: redis.url }).key('oauth', 'access', 'abc')).toBe(
      'hyperpipe:oauth:access:abc',
    );
    expect(new SharedStore({ redis: redis.url, prefix: 'api-a:' }).key('limits')).toBe(
      'api-a:limits',
    );
  });

  it('serves the commands that arrive before its first connection, with one wait for them all', async () => {
    const warnings: Error[] = [];
    const warned = (warning: Error) => warnings.push(warning);
    process.on('warning', warned);
    const store = new SharedStore({ redis: redis.url, prefix: 'first-connection:' });
    try {
      const counts = await Promise.all(
        Array.from({ length: 40 }, () => store.run((client) => client.incr(store.key('n')))),
      );
      expect(counts.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', warned);
      await store.close();
    }
  });

  it('fails with a 503 problem while Redis is down, logs why, and recovers by itself', async () => {
    const logged: string[] = [];
    const store = new SharedStore({ redis: redis.url, prefix: 'outage:' }, (line) =>
      logged.push(line),
    );
    try {
      expect(await store.run((client) => client.incr(store.key('n')))).toBe(1);
      await redis.stop();
      const refused = await store.run((client) => client.incr(store.key('n'))).catch((e) => e);
      expect(refused).toBeInstanceOf(ApiProblem);
      expect((refused as ApiProblem).status).toBe(503);
      expect((refused as ApiProblem).headers).toMatchObject({ 'retry-after': '5' });
      expect(logged.join('\n')).toMatch(/shared store/);
      await redis.restart();
      await expect
        .poll(() => store.run((client) => client.incr(store.key('n'))).catch(() => 0), {
          timeout: 10_000,
          interval: 200,
        })
        .toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  }, 20_000);
});
