import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DigestNonces, SharedStore } from '../../src/auth/blocks.ts';
import { authConfigProvider } from '../../src/auth/index.ts';
import { createContainer } from '../../src/index.ts';
import { ApiProblem } from '../../src/problem/index.ts';
import { type RedisServer, startRedis } from '../support/redisServer.ts';
import { REALM, useTemporaryFolder, writeHtdigest } from './support.ts';

const KEY = 'a key of at least 32 characters, shared';
const folder = useTemporaryFolder();
let redis: RedisServer;
let inspector: Redis;
const stores: SharedStore[] = [];

beforeAll(async () => {
  redis = await startRedis();
  inspector = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  // The outages below are on purpose.
  inspector.on('error', () => {});
});
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(stores.splice(0).map((store) => store.close()));
});
afterAll(async () => {
  inspector.disconnect();
  await redis.close();
});

let tests = 0;
/**
 * Two machines' nonces over one Redis server, under a prefix of their own, connected as
 * `app.run()` connects them before the first request.
 */
async function twoMachines(keys: readonly [string, string] = [KEY, KEY], lifetime = 300) {
  const prefix = `nonces-test-${++tests}:`;
  const machine = async (key: string) => {
    const store = new SharedStore({ redis: redis.url, prefix }, () => {});
    stores.push(store);
    await store.verify();
    return new DigestNonces(lifetime, { key, store });
  };
  return { prefix, one: await machine(keys[0]), other: await machine(keys[1]) };
}

describe('DigestNonces with a shared key and store', () => {
  it('accepts a nonce another machine signed with the same key, and refuses its replay on either', async () => {
    const { one, other } = await twoMachines();
    const nonce = one.issue();
    expect(await other.use('alice', nonce, 1)).toBe('ok');
    expect(await one.use('alice', nonce, 1)).toBe('replayed');
    expect(await one.use('alice', nonce, 2)).toBe('ok');
    expect(await other.use('alice', nonce, 2)).toBe('replayed');
    expect(await other.use('alice', nonce, 1)).toBe('replayed');
    // Each user's counts are its own.
    expect(await other.use('bob', nonce, 1)).toBe('ok');
    // A machine given another key finds the nonce stale.
    const strangers = await twoMachines([KEY, `${KEY}, but another`]);
    expect(await strangers.other.use('alice', strangers.one.issue(), 1)).toBe('stale');
  });

  it('accepts counts out of order within the window, once each, on either machine', async () => {
    const { one, other } = await twoMachines();
    const nonce = one.issue();
    for (const [machine, count] of [
      [one, 5],
      [other, 3],
      [one, 4],
      [other, 200],
    ] as const)
      expect(await machine.use('alice', nonce, count), String(count)).toBe('ok');
    expect(await other.use('alice', nonce, 3)).toBe('replayed');
    // 200 left 5 behind, past the window of 64: refused, though never used.
    expect(await one.use('alice', nonce, 6)).toBe('replayed');
    expect(await one.use('alice', nonce, 137)).toBe('ok');
    expect(await other.use('alice', nonce, 137)).toBe('replayed');
  });

  it('counts at once: of one count sent to both machines together, one is refused', async () => {
    const { one, other } = await twoMachines();
    const nonce = one.issue();
    const both = await Promise.all([one.use('alice', nonce, 1), other.use('alice', nonce, 1)]);
    expect(both.sort()).toEqual(['ok', 'replayed']);
  });

  it('keeps a count only as long as its nonce is accepted, then finds the nonce stale', async () => {
    const { prefix, one, other } = await twoMachines([KEY, KEY], 60);
    const nonce = one.issue();
    expect(await one.use('alice', nonce, 1)).toBe('ok');
    const [key = ''] = await inspector.keys(`${prefix}nonces:*`);
    expect(key).toBe(`${prefix}nonces:${nonce}:alice`);
    const ttl = await inspector.pttl(key);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await other.use('alice', nonce, 2)).toBe('stale');
  });

  it('fails closed with the 503 problem while Redis is down, and works again once it is back', async () => {
    const { one, other } = await twoMachines();
    const nonce = one.issue();
    expect(await one.use('alice', nonce, 1)).toBe('ok');
    await redis.stop();
    try {
      const error = await other.use('alice', nonce, 2).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(ApiProblem);
      expect((error as ApiProblem).status).toBe(503);
      expect((error as ApiProblem).headers['retry-after']).toBe('5');
    } finally {
      await redis.restart();
    }
    // A nonce issued before the restart's new life began is stale: a client asks again.
    let fresh = '';
    await vi.waitFor(
      async () => {
        fresh = other.issue();
        expect(await one.use('alice', fresh, 1)).toBe('ok');
      },
      { timeout: 10_000, interval: 200 },
    );
    await vi.waitFor(async () => expect(await other.use('alice', fresh, 1)).toBe('replayed'), {
      timeout: 10_000,
      interval: 200,
    });
  }, 30_000);

  it('says in the log why a nonce another key signed is stale, once for a flood', async () => {
    const lines: string[] = [];
    const store = new SharedStore({ redis: redis.url, prefix: `nonces-test-${++tests}:` }, (line) =>
      lines.push(line),
    );
    stores.push(store);
    const mine = new DigestNonces(300, { key: KEY, store });
    const theirs = new DigestNonces(300, { key: `${KEY}, but another` });
    for (let n = 0; n < 5; n++) expect(await mine.use('alice', theirs.issue(), 1)).toBe('stale');
    expect(lines).toEqual([
      '[hyperpipe] a Digest nonce signed with another key was answered stale: give every machine that shares authentication.store the same authentication.digest.key',
    ]);
  });

  it('finds a nonce stale once Redis lost its counts to a wipe, never replayed as new', async () => {
    const { one, other } = await twoMachines();
    const nonce = one.issue();
    expect(await one.use('alice', nonce, 1)).toBe('ok');
    await inspector.flushall();
    // Before, the replay was a first use: 'ok'.
    expect(await other.use('alice', nonce, 1)).toBe('stale');
    expect(await one.use('alice', nonce, 2)).toBe('stale');
    const fresh = one.issue();
    expect(await other.use('alice', fresh, 1)).toBe('ok');
    expect(await one.use('alice', fresh, 1)).toBe('replayed');
  });

  it('finds a nonce stale after Redis restarted from an older snapshot', async () => {
    const { one, other } = await twoMachines();
    const nonce = one.issue();
    expect(await one.use('alice', nonce, 1)).toBe('ok');
    await inspector.save();
    // Used after the snapshot: Redis forgets it when it restarts from that snapshot.
    expect(await one.use('alice', nonce, 2)).toBe('ok');
    await redis.restart();
    await vi.waitFor(async () => expect(await other.use('alice', nonce, 2)).toBe('stale'), {
      timeout: 10_000,
      interval: 200,
    });
    expect(await one.use('alice', nonce, 3)).toBe('stale');
  }, 30_000);
});

describe('the Digest key', () => {
  it('is refused shorter than 32 characters', () => {
    expect(() => new DigestNonces(300, { key: 'too short' })).toThrow(
      'authentication.digest.key must be at least 32 characters',
    );
  });

  it('signs alike in two processes given the same, without a store', async () => {
    const one = new DigestNonces(300, { key: KEY });
    const other = new DigestNonces(300, { key: KEY });
    expect(await other.use('alice', one.issue(), 1)).toBe('ok');
    expect(await new DigestNonces(300).use('alice', one.issue(), 1)).toBe('stale');
  });

  it('is required with a shared store: the start-up error says how to set it', () => {
    const container = createContainer({
      ...authConfigProvider(),
      authentication: {
        realm: REALM,
        digest: { htdigest: writeHtdigest(folder()) },
        store: { redis: redis.url },
      },
    });
    expect(() => container.get('Authenticator')).toThrow(
      /authentication\.digest\.key is missing.*same key.*authentication\.local\.\* file or from an environment variable/,
    );
  });
});
