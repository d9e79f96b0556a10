import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthenticationLimits } from '../../src/auth/index.ts';
import { type RunningServer, serve } from '../../src/server/index.ts';
import { basic, createAuthApp, useTemporaryFolder } from './support.ts';

const folder = useTemporaryFolder();
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function serveWithLimits(failures: number, window = 60): Promise<RunningServer> {
  const { app } = createAuthApp(folder(), { limits: { failures, window } });
  const server = await serve(app, { port: 0, handleSignals: false, hostname: '127.0.0.1' });
  running.push(server);
  return server;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A POST from a loopback address of our choosing: each is another client to the server. */
function postFrom(
  address: string,
  server: RunningServer,
  path: string,
  headers: Record<string, string>,
  body = '',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: 'POST',
        headers,
        localAddress: address,
      },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: text }),
        );
      },
    );
    sent.on('error', reject).end(body);
  });
}

const guess = (user: string, n: number) => ({ authorization: basic(user, `guess-${n}`) });
const right = (user: string) => ({ authorization: basic(user, `secret-${user}`) });

describe('limits on failed authentications', () => {
  it('answers a 429 problem with Retry-After once a user name used up its failures, from any address', async () => {
    const server = await serveWithLimits(3);
    const statuses = [];
    for (const n of [1, 2, 3]) {
      statuses.push((await postFrom('127.0.0.2', server, '/books', guess('apr1', n))).status);
    }
    expect(statuses).toEqual([401, 401, 429]);
    // The right password, from another address, waits too: guessing must not pay off.
    const locked = await postFrom('127.0.0.3', server, '/books', right('apr1'));
    expect(locked.status).toBe(429);
    expect(locked.headers['content-type']).toBe('application/problem+json');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(50);
    expect(JSON.parse(locked.body)).toMatchObject({ status: 429 });
    // Another user from that address is not concerned.
    expect((await postFrom('127.0.0.3', server, '/books', right('sha'))).status).toBe(200);
  });

  it('limits an address that guesses at many user names', async () => {
    const server = await serveWithLimits(3);
    for (const user of ['bcrypt2b', 'apr1', 'nobody']) {
      await postFrom('127.0.0.4', server, '/books', guess(user, 1));
    }
    expect((await postFrom('127.0.0.4', server, '/books', right('sha'))).status).toBe(429);
    expect((await postFrom('127.0.0.5', server, '/books', right('sha'))).status).toBe(200);
  });

  it('lets the real user in once the window has passed', async () => {
    const server = await serveWithLimits(2, 1);
    await postFrom('127.0.0.6', server, '/books', guess('sha', 1));
    await postFrom('127.0.0.6', server, '/books', guess('sha', 2));
    expect((await postFrom('127.0.0.6', server, '/books', right('sha'))).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await postFrom('127.0.0.6', server, '/books', right('sha'))).status).toBe(200);
  });

  it('limits wrong client secrets and wrong passwords at the token endpoint', async () => {
    const server = await serveWithLimits(2);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const client = (secret: string) =>
      `grant_type=client_credentials&client_id=narrow&client_secret=${secret}`;
    const secrets = [];
    for (const secret of ['x', 'y', 'narrow-secret']) {
      secrets.push((await postFrom('127.0.0.7', server, '/oauth', form, client(secret))).status);
    }
    // The library answers a wrong secret in the body with 400 invalid_client.
    expect(secrets).toEqual([400, 400, 429]);
    const password = (pw: string) =>
      `grant_type=password&client_id=app&client_secret=app-secret&username=sha&password=${pw}`;
    const passwords = [];
    for (const pw of ['x', 'y', 'secret-sha']) {
      passwords.push((await postFrom('127.0.0.8', server, '/oauth', form, password(pw))).status);
    }
    expect(passwords).toEqual([400, 400, 429]);
  });

  it.each([
    ['in memory', undefined],
    ['in SQLite', 'limits.sqlite'],
  ])('locks a key out twice as long each time within a day (backoff), %s', async (_, file) => {
    const database = file === undefined ? undefined : join(folder(), file);
    const limits = new AuthenticationLimits({ failures: 2, window: 1, database });
    const lockOut = async () => {
      await limits.failed(['user:editor']);
      await limits.failed(['user:editor']);
      return limits.retryAfter(['user:editor']);
    };
    expect(await lockOut()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await limits.retryAfter(['user:editor'])).toBe(0);
    expect(await lockOut()).toBe(2);
  });

  it('counts in an SQLite file that several processes share', async () => {
    const database = join(folder(), 'limits.sqlite');
    const one = new AuthenticationLimits({ failures: 2, database });
    const other = new AuthenticationLimits({ failures: 2, database });
    await one.failed(['user:editor']);
    await other.failed(['user:editor']);
    expect(await one.retryAfter(['user:editor'])).toBeGreaterThan(0);
    expect(await other.retryAfter(['user:learner'])).toBe(0);
  });

  it('refuses limits that are not whole numbers of at least 1', () => {
    expect(() => new AuthenticationLimits({ failures: 0 })).toThrow(
      'authentication.limits.failures must be a whole number of at least 1, not 0',
    );
  });
});
