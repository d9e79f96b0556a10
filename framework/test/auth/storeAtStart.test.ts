import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedStore } from '../../src/auth/blocks.ts';
import { authConfigProvider } from '../../src/auth/index.ts';
import { type Application, ApplicationFactory, createContainer, json } from '../../src/index.ts';
import { type RedisServer, startRedis } from '../support/redisServer.ts';
import { useTemporaryFolder, writeHtdigest, writeHtpasswd } from './support.ts';

// A shared store that cannot work stops the start, in one line naming the fix: before, the
// server started and every request with a password was refused (500 or 503) for good.

const folder = useTemporaryFolder();
let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedis();
  // A user of its own, so that a wrong password can be tried without touching the default one.
  const admin = new Redis(redis.url);
  await admin.call('ACL', 'SETUSER', 'app', 'on', '>right-password', '~*', '+@all');
  admin.disconnect();
});
afterAll(() => redis.close());

/**
 * An application with Basic authentication counted in the shared store at `url`, and Digest
 * with nonces signed with `digestKey` when one is given.
 */
function application(url: string, digestKey?: string, prefix = 'hyperpipe:'): Application {
  const here = folder();
  const container = createContainer({
    ...authConfigProvider(),
    authentication: {
      realm: 'test',
      store: { redis: url, prefix },
      digest:
        digestKey === undefined ? undefined : { htdigest: writeHtdigest(here), key: digestKey },
      basic: { htpasswd: writeHtpasswd(here) },
    },
    middleware_pipeline: [
      {
        middleware: [
          ApplicationFactory.ROUTING_MIDDLEWARE,
          'AuthenticationMiddleware',
          ApplicationFactory.DISPATCH_MIDDLEWARE,
        ],
      },
    ],
  });
  const app = container.get('Application') as Application;
  app.get('/ping', () => json({ pong: true }));
  return app;
}

/** What `app.run()` says: the error's message, or that it started (and is closed again). */
async function start(app: Application): Promise<string> {
  try {
    const server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
    await server.close();
    return 'started';
  } catch (error) {
    return (error as Error).message;
  }
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('a shared store that cannot work', () => {
  it.each([
    ['redis://127.0.0.1:notaport/0', 'its host or port cannot be read'],
    ['redis://[::1/0', 'its host or port cannot be read'],
    ['redis://127.0.0.1:6379/zero', 'its database must be a number, not "zero"'],
  ])('is refused when the application is built: %s', (url, said) => {
    expect(() => application(url)).toThrow(`authentication.store.redis: ${said}`);
    expect(() => new SharedStore({ redis: url })).toThrow(/write it as redis:\/\//);
  });

  it('stops app.run() at a closed port, naming it', async () => {
    const port = await closedPort();
    expect(await start(application(`redis://127.0.0.1:${port}/0`))).toBe(
      `authentication.store.redis: nothing answers at 127.0.0.1:${port} (connection refused): start Redis there, or fix the host and port`,
    );
  });

  it('stops app.run() on a wrong password, never printing it', async () => {
    const said = await start(application(`redis://app:wrong-password@127.0.0.1:${redis.port}/0`));
    expect(said).toBe(
      `authentication.store.redis: 127.0.0.1:${redis.port} refused the user and password (WRONGPASS): fix them in the URL`,
    );
    expect(said).not.toContain('wrong-password');
  });

  it('stops app.run() on a database the server does not have', async () => {
    expect(await start(application(`redis://127.0.0.1:${redis.port}/99`))).toBe(
      `authentication.store.redis: 127.0.0.1:${redis.port} has no database 99: use one it has, such as 0`,
    );
  });

  it('stops app.run() on a machine whose Digest key is not the other machines’', async () => {
    const url = `redis://app:right-password@127.0.0.1:${redis.port}/0`;
    const key = 'the key every machine is given, 32+ characters';
    // Before, the second machine started, and clients were told `stale` at every switch.
    expect(await start(application(url, key, 'digest-keys:'))).toBe('started');
    expect(await start(application(url, key, 'digest-keys:'))).toBe('started');
    const said = await start(application(url, `${key}, but another`, 'digest-keys:'));
    expect(said).toBe(
      'authentication.digest.key is not the key the other machines of authentication.store use: ' +
        'give every machine the same key. To change it, change it on every machine and delete the key digest-keys:digest:key from Redis before they start again',
    );
    expect(said).not.toContain(key);
  });

  it('lets a store that works start', async () => {
    expect(await start(application(`redis://app:right-password@127.0.0.1:${redis.port}/0`))).toBe(
      'started',
    );
  });
});
