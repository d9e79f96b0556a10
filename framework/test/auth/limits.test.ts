import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthenticationLimits } from '../../src/auth/blocks.ts';
import type { AuthenticationLimitsOptions } from '../../src/auth/index.ts';
import { principalKeys } from '../../src/auth/limits/failureKeys.ts';
import { type RunningServer, serve } from '../../src/server/index.ts';
import {
  type Answer,
  basic,
  createAuthApp,
  from,
  tried,
  useTemporaryFolder,
  waitOf,
} from './support.ts';

const folder = useTemporaryFolder();
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function serveWithLimits(limits: AuthenticationLimitsOptions): Promise<RunningServer> {
  const { app } = createAuthApp(folder(), { limits });
  const server = await serve(app, { port: 0, handleSignals: false, hostname: '127.0.0.1' });
  running.push(server);
  return server;
}

const guess = (user: string, n: number) => ({ authorization: basic(user, `guess-${n}`) });
const right = (user: string) => ({ authorization: basic(user, `secret-${user}`) });
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const clientSecret = (secret: string) =>
  `grant_type=client_credentials&client_id=narrow&client_secret=${secret}`;
const passwordGrant = (password: string) =>
  `grant_type=password&client_id=app&client_secret=app-secret&username=sha&password=${password}`;

async function statuses(send: (n: number) => Promise<Answer>, times: number): Promise<number[]> {
  const seen: number[] = [];
  for (let n = 1; n <= times; n++) seen.push((await send(n)).status);
  return seen;
}

describe('limits on failed authentications, per pair of address and user', () => {
  it('answers a 429 problem with Retry-After once one address used up its failures for a user', async () => {
    const server = await serveWithLimits({ failures: 3 });
    const seen = await statuses((n) => from('127.0.0.2', server, '/books', guess('apr1', n)), 3);
    expect(seen).toEqual([401, 401, 429]);
    // The right password from that address waits too: guessing on must not pay off.
    const locked = await from('127.0.0.2', server, '/books', right('apr1'));
    expect(locked.status).toBe(429);
    expect(locked.headers['content-type']).toBe('application/problem+json');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(50);
    expect(JSON.parse(locked.body)).toMatchObject({ status: 429 });
  });

  it('never stops another client’s right password, nor another user at the same address', async () => {
    const server = await serveWithLimits({ failures: 3 });
    await statuses((n) => from('127.0.0.3', server, '/books', guess('apr1', n)), 5);
    expect((await from('127.0.0.4', server, '/books', right('apr1'))).status).toBe(200);
    expect((await from('127.0.0.3', server, '/books', right('sha'))).status).toBe(200);
  });

  it('starts a pair’s count again after a success', async () => {
    const server = await serveWithLimits({ failures: 3 });
    const send = (headers: Record<string, string>) => from('127.0.0.5', server, '/books', headers);
    const seen = [];
    for (const headers of [guess('sha', 1), guess('sha', 2), right('sha'), guess('sha', 3)])
      seen.push((await send(headers)).status);
    seen.push((await send(guess('sha', 4))).status, (await send(guess('sha', 5))).status);
    expect(seen).toEqual([401, 401, 200, 401, 401, 429]);
  });

  it('lets the pair try again once its wait is over', async () => {
    const server = await serveWithLimits({ failures: 2, window: 1 });
    await from('127.0.0.6', server, '/books', guess('sha', 1));
    await from('127.0.0.6', server, '/books', guess('sha', 2));
    expect((await from('127.0.0.6', server, '/books', right('sha'))).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await from('127.0.0.6', server, '/books', right('sha'))).status).toBe(200);
  });
});

describe('the looser limit per address', () => {
  it('stops an address that guesses at many user names, not the other addresses', async () => {
    const server = await serveWithLimits({ failures: 10, addressFailures: 3 });
    const seen = [];
    for (const user of ['bcrypt2b', 'apr1', 'nobody'])
      seen.push((await from('127.0.1.1', server, '/books', guess(user, 1))).status);
    expect(seen).toEqual([401, 401, 429]);
    expect((await from('127.0.1.1', server, '/books', right('sha'))).status).toBe(429);
    expect((await from('127.0.1.2', server, '/books', right('sha'))).status).toBe(200);
  });
});

describe('guessing at one account from many addresses', () => {
  it('is bounded per account, while the owner still gets in from an address it knows', async () => {
    const server = await serveWithLimits({ failures: 10, userFailures: 5 });
    // The owner signs in before the attack: 127.0.2.250 becomes known to apr1.
    expect((await from('127.0.2.250', server, '/books', right('apr1'))).status).toBe(200);
    const seen = [];
    for (let n = 1; n <= 20; n++)
      seen.push((await from(`127.0.2.${n}`, server, '/books', guess('apr1', n))).status);
    // Four answered guesses, a fifth counted and answered 429, then each new address waits.
    expect(seen.filter((status) => status === 401)).toHaveLength(4);
    expect(seen.filter((status) => status === 429)).toHaveLength(16);
    // Every address apr1 does not know waits, even with the right password ...
    expect((await from('127.0.2.1', server, '/books', right('apr1'))).status).toBe(429);
    const elsewhere = await from('127.0.2.200', server, '/books', right('apr1'));
    expect(elsewhere.status).toBe(429);
    expect(JSON.parse(elsewhere.body).detail).toMatch(
      /signed in this week, or with an access token/,
    );
    // ... the owner at its known address does not, nor anyone else's account.
    expect((await from('127.0.2.250', server, '/books', right('apr1'))).status).toBe(200);
    expect((await from('127.0.2.2', server, '/books', right('sha'))).status).toBe(200);
  });
});

describe('a token proves who it is without the password', () => {
  it('is never refused because of guesses at the password, from any address', async () => {
    const server = await serveWithLimits({ failures: 2, addressFailures: 3, userFailures: 2 });
    const issued = await from('127.0.3.1', server, '/oauth', form, passwordGrant('secret-sha'));
    const token = JSON.parse(issued.body).access_token as string;
    // Guesses at sha's password, from the token's own address and from others.
    for (const address of ['127.0.3.1', '127.0.3.2', '127.0.3.3'])
      await statuses((n) => from(address, server, '/books', guess('sha', n)), 3);
    expect((await from('127.0.3.1', server, '/books', guess('sha', 9))).status).toBe(429);
    const bearer = { authorization: `Bearer ${token}` };
    for (const address of ['127.0.3.1', '127.0.3.2', '127.0.3.4']) {
      const answer = await from(address, server, '/books', bearer);
      expect(answer.status, address).toBe(200);
      expect(JSON.parse(answer.body).who).toBe('sha');
    }
  });
});

describe('the token endpoint', () => {
  it('limits a client’s secret per address: guesses elsewhere stop nobody getting a token', async () => {
    const server = await serveWithLimits({ failures: 2 });
    const guesses = await statuses(
      (n) => from('127.0.4.1', server, '/oauth', form, clientSecret(`wrong-${n}`)),
      3,
    );
    // The library answers a wrong secret in the body with 400 invalid_client.
    expect(guesses).toEqual([400, 429, 429]);
    expect(
      (await from('127.0.4.1', server, '/oauth', form, clientSecret('narrow-secret'))).status,
    ).toBe(429);
    expect(
      (await from('127.0.4.2', server, '/oauth', form, clientSecret('narrow-secret'))).status,
    ).toBe(200);
  });

  it('limits wrong passwords of the password grant per user and address', async () => {
    const server = await serveWithLimits({ failures: 2 });
    const guesses = await statuses(
      (n) => from('127.0.4.3', server, '/oauth', form, passwordGrant(`wrong-${n}`)),
      2,
    );
    expect(guesses).toEqual([400, 429]);
    // The client's secret was right each time: the client is not limited at that address.
    const appCredentials = 'grant_type=client_credentials&client_id=app&client_secret=app-secret';
    expect((await from('127.0.4.3', server, '/oauth', form, appCredentials)).status).toBe(200);
    expect(
      (await from('127.0.4.4', server, '/oauth', form, passwordGrant('secret-sha'))).status,
    ).toBe(200);
  });

  it('answers no more guesses sent all at once than the limit allows', async () => {
    const server = await serveWithLimits({ failures: 10 });
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, n) =>
        from('127.0.4.5', server, '/oauth', form, clientSecret(`wrong-${n}`)),
      ),
    );
    const counted = answers.map((answer) => answer.status);
    // Before, up to 25: every request was checked against the count before any was counted.
    expect(counted.filter((status) => status === 400)).toHaveLength(9);
    expect(counted.filter((status) => status === 429)).toHaveLength(16);
  });

  it('refuses client credentials in both the Authorization header and the body (RFC 6749 §2.3.1)', async () => {
    const server = await serveWithLimits({});
    const answer = await from(
      '127.0.4.6',
      server,
      '/oauth',
      { ...form, authorization: basic('narrow', 'narrow-secret') },
      clientSecret('narrow-secret'),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error).toBe('invalid_request');
  });
});

describe('AuthenticationLimits', () => {
  it.each([
    ['in memory', undefined],
    ['in SQLite', 'limits.sqlite'],
  ])('counts per pair, and a success starts the count again, %s', async (_, file) => {
    const database = file === undefined ? undefined : join(folder(), file);
    const limits = new AuthenticationLimits({ failures: 2, window: 30, database });
    const editorHere = { address: '192.0.2.7', user: 'editor' };
    expect(await tried(limits, editorHere, 'wrong')).toBe(0);
    expect(await tried(limits, editorHere, 'right')).toBe(0);
    expect(await tried(limits, editorHere, 'wrong')).toBe(0);
    expect(await tried(limits, editorHere, 'wrong')).toBe(30);
    expect(await waitOf(limits, editorHere)).toBe(30);
    expect(await waitOf(limits, { address: '198.51.100.1', user: 'editor' })).toBe(0);
    expect(await waitOf(limits, { address: '192.0.2.7', user: 'learner' })).toBe(0);
  });

  it('takes back the count of a right or unchecked guess, leaving nothing that refuses', async () => {
    const limits = new AuthenticationLimits({ failures: 2, addressFailures: 2, userFailures: 2 });
    const attempt = { address: '192.0.2.9', user: 'editor' };
    for (let n = 0; n < 10; n++) expect(await tried(limits, attempt, 'unchecked')).toBe(0);
    for (let n = 0; n < 10; n++) expect(await tried(limits, attempt, 'right')).toBe(0);
    expect(await tried(limits, { address: '192.0.2.10', user: 'editor' }, 'right')).toBe(0);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    const limits = new AuthenticationLimits({ failures: 2 });
    await tried(limits, { address: '2001:db8:0:1::a', user: 'editor' }, 'wrong');
    await tried(limits, { address: '2001:db8:0:1:ffff::b', user: 'editor' }, 'wrong');
    expect(await waitOf(limits, { address: '2001:db8::1:0:0:0:c', user: 'editor' })).toBe(60);
    expect(await waitOf(limits, { address: '2001:db8:0:2::a', user: 'editor' })).toBe(0);
  });

  it('keeps a bounded number of short keys under a flood of long made-up names', async () => {
    const limits = new AuthenticationLimits({ maxKeys: 300 });
    const long = 'x'.repeat(12 * 1024);
    for (let n = 0; n < 3_000; n++) {
      await tried(limits, { address: `10.0.${n >> 8}.${n & 255}`, user: `${long}${n}` }, 'wrong');
      expect(limits.size).toBeLessThanOrEqual(300);
    }
    expect(limits.size).toBe(300);
    const [key = ''] = principalKeys({ address: undefined, user: `${long}1` });
    expect(key.length).toBeLessThan(64);
    expect(principalKeys({ address: undefined, user: 'editor' })).toEqual(['user:editor']);
  });

  it('keeps a used-up allowance through a flood of new names that pushes other counts out', async () => {
    const limits = new AuthenticationLimits({ maxKeys: 50, userFailures: 3, failures: 2 });
    // The account's budget from strangers, and one address's allowance for it, used up.
    for (let n = 1; n <= 3; n++)
      await tried(limits, { address: `10.1.0.${n}`, user: 'editor' }, 'wrong');
    await tried(limits, { address: '10.1.0.9', user: 'learner' }, 'wrong');
    await tried(limits, { address: '10.1.0.9', user: 'learner' }, 'wrong');
    // Ten times as many made-up names as the counts kept, from as many addresses.
    for (let n = 0; n < 500; n++) {
      await tried(limits, { address: `10.2.${n >> 8}.${n & 255}`, user: `nobody${n}` }, 'wrong');
      expect(limits.size).toBeLessThanOrEqual(100);
    }
    expect(await waitOf(limits, { address: '10.1.0.200', user: 'editor' })).toBeGreaterThan(3000);
    expect(await waitOf(limits, { address: '10.1.0.9', user: 'learner' })).toBeGreaterThan(0);
  });

  it('counts in an SQLite file that several processes share', async () => {
    const database = join(folder(), 'limits.sqlite');
    const one = new AuthenticationLimits({ failures: 2, database });
    const other = new AuthenticationLimits({ failures: 2, database });
    await tried(one, { address: '192.0.2.7', user: 'editor' }, 'wrong');
    await tried(other, { address: '192.0.2.7', user: 'editor' }, 'wrong');
    expect(await waitOf(one, { address: '192.0.2.7', user: 'editor' })).toBeGreaterThan(0);
    expect(await waitOf(other, { address: '192.0.2.7', user: 'learner' })).toBe(0);
  });

  it('refuses limits that are not whole numbers of at least 1, and keys it does not know', () => {
    expect(() => new AuthenticationLimits({ failures: 0 })).toThrow(
      'authentication.limits.failures must be a whole number of at least 1, not 0',
    );
    expect(() => new AuthenticationLimits({ failure: 3 } as AuthenticationLimitsOptions)).toThrow(
      'authentication.limits.failure is unknown: use failures, window',
    );
  });
});
