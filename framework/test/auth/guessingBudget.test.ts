import { afterEach, describe, expect, it } from 'vitest';
import type { AuthenticationLimitsOptions } from '../../src/auth/index.ts';
import { type RunningServer, serve } from '../../src/server/index.ts';
import { type Answer, basic, createAuthApp, digest, from, useTemporaryFolder } from './support.ts';

// Guessing at one account from as many addresses as the guesser likes, over real sockets:
// each loopback address is another client to the server.

const folder = useTemporaryFolder();
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function serveWithLimits(limits: AuthenticationLimitsOptions = {}): Promise<RunningServer> {
  const { app } = createAuthApp(folder(), { limits });
  const server = await serve(app, { port: 0, handleSignals: false, hostname: '127.0.0.1' });
  running.push(server);
  return server;
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const right = (user: string) => ({ authorization: basic(user, `secret-${user}`) });
const wrong = (user: string, n: number) => ({ authorization: basic(user, `guess-${n}`) });
const passwordGrant = (user: string, password = `secret-${user}`) =>
  `grant_type=password&client_id=app&client_secret=app-secret&username=${user}&password=${password}`;
const clientGrant = (secret = 'app-secret') =>
  `grant_type=client_credentials&client_id=app&client_secret=${secret}`;

/** The `n`-th of many loopback addresses, from 127.1.0.1 on. */
const address = (n: number) => `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/** Sends one request per address, one after another, and tallies the statuses. */
async function tally(
  addresses: readonly string[],
  send: (address: string, n: number) => Promise<Answer>,
) {
  const statuses = new Map<number, number>();
  for (const [n, each] of addresses.entries()) {
    const { status } = await send(each, n);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  return Object.fromEntries(statuses);
}

describe('guesses at one account from 1,000 addresses', () => {
  it('are checked at most userFailures times an hour, while the owner and its token get 200', async () => {
    const server = await serveWithLimits();
    // Before the attack, the owner signs in at 127.0.8.1 and takes a token there.
    expect((await from('127.0.8.1', server, '/books', right('apr1'))).status).toBe(200);
    const issued = await from('127.0.8.1', server, '/oauth', form, passwordGrant('apr1'));
    const token = JSON.parse(issued.body).access_token as string;

    const addresses = Array.from({ length: 1000 }, (_, n) => address(n));
    const seen = await tally(addresses, (each, n) =>
      from(each, server, '/books', wrong('apr1', n)),
    );
    // 20 checked (the 20th answered 429 already), then every other address waits: before,
    // each new address had one checked guess, 1,000 in all.
    expect(seen).toEqual({ 401: 19, 429: 981 });
    // The right password from a new address is refused too, so guessing on tells nothing.
    const guessedRight = await from(address(1000), server, '/books', right('apr1'));
    expect(guessedRight.status).toBe(429);
    expect(Number(guessedRight.headers['retry-after'])).toBeGreaterThan(3000);

    expect((await from('127.0.8.1', server, '/books', right('apr1'))).status).toBe(200);
    const bearer = { authorization: `Bearer ${token}` };
    expect((await from(address(1001), server, '/books', bearer)).status).toBe(200);
  });
});

describe('the owner, during an attack on its account', () => {
  it('gets a token and its Basic answers from an address it knows, whatever the guesses', async () => {
    const server = await serveWithLimits();
    // The owner signs in at 127.0.9.1; 127.0.9.2 and 127.0.9.3 never failed nor signed in.
    expect((await from('127.0.9.1', server, '/books', right('apr1'))).status).toBe(200);
    for (let a = 1; a <= 5; a++) {
      for (let n = 1; n <= 10; n++) await from(`127.0.66.${a}`, server, '/books', wrong('apr1', n));
    }
    const grant = await from('127.0.9.1', server, '/oauth', form, passwordGrant('apr1'));
    expect(grant.status).toBe(200);
    // Before, the refunded count left a key that the "attacked account" rule then refused.
    expect((await from('127.0.9.1', server, '/books', right('apr1'))).status).toBe(200);
    expect((await from('127.0.9.1', server, '/oauth', form, passwordGrant('apr1'))).status).toBe(
      200,
    );
    // At an address it does not know, the owner meets a 429 that says what still works.
    const stranger = await from('127.0.9.2', server, '/oauth', form, passwordGrant('apr1'));
    expect(stranger.status).toBe(429);
    expect(JSON.parse(stranger.body).detail).toMatch(/from an address where it signed in/);
  });

  it('is never refused because others guessed at the client secret it uses', async () => {
    const server = await serveWithLimits();
    expect((await from('127.0.10.1', server, '/oauth', form, passwordGrant('sha'))).status).toBe(
      200,
    );
    const issued = await from('127.0.10.2', server, '/oauth', form, clientGrant());
    const { refresh_token: _none } = JSON.parse(issued.body);
    for (let a = 1; a <= 6; a++) {
      for (let n = 1; n <= 10; n++)
        await from(`127.0.67.${a}`, server, '/oauth', form, clientGrant(`wrong-${a}-${n}`));
    }
    // Before, every password, client_credentials and refresh request was 429 for an hour.
    const password = await from('127.0.10.1', server, '/oauth', form, passwordGrant('sha'));
    expect(password.status).toBe(200);
    expect((await from('127.0.10.2', server, '/oauth', form, clientGrant())).status).toBe(200);
    const refresh = `grant_type=refresh_token&client_id=app&client_secret=app-secret&refresh_token=${JSON.parse(password.body).refresh_token}`;
    expect((await from('127.0.10.1', server, '/oauth', form, refresh)).status).toBe(200);
  });

  it('is not refused for its own right password, however many times it signs in', async () => {
    const server = await serveWithLimits({ failures: 2, addressFailures: 2, userFailures: 2 });
    for (let n = 0; n < 30; n++) {
      const answer = await from('127.0.11.1', server, '/oauth', form, passwordGrant('sha'));
      expect(answer.status, `sign-in ${n}`).toBe(200);
    }
    for (let n = 0; n < 30; n++) {
      const answer = await from(`127.0.11.${n + 2}`, server, '/books', right('sha'));
      expect(answer.status, `address ${n}`).toBe(200);
    }
  });
});

describe('a Digest client with the right password', () => {
  /** A Digest request to POST /books from `address`, and the nonce of a challenge. */
  const post = (address: string, server: RunningServer, authorization = '') =>
    from(address, server, '/books', authorization === '' ? {} : { authorization });
  async function nonceOf(server: RunningServer): Promise<string> {
    const challenge = (await post('127.0.12.1', server)).headers['www-authenticate'];
    return /Digest [^,]*, qop="auth", algorithm=MD5, nonce="([^"]+)"/.exec(
      String(challenge),
    )?.[1] as string;
  }
  const nc = (n: number) => n.toString(16).padStart(8, '0');

  it('may send requests in parallel on one nonce, whatever order they arrive in', async () => {
    const server = await serveWithLimits();
    const nonce = await nonceOf(server);
    // Numbered 1 to 8 by the client, arriving 8 to 1.
    const statuses = [];
    for (let n = 8; n >= 1; n--)
      statuses.push((await post('127.0.12.1', server, digest(nonce, { nc: nc(n) }))).status);
    expect(statuses).toEqual(Array(8).fill(200));
    // A count used already is a replay, however it arrives.
    const replayed = await post('127.0.12.1', server, digest(nonce, { nc: nc(5) }));
    expect(replayed.status).toBe(401);
    expect(JSON.parse(replayed.body).detail).toMatch(/replayed/);
  });

  it('never locks its address out with replays and stale counts, which are no guesses', async () => {
    const server = await serveWithLimits({ failures: 3, addressFailures: 5 });
    const nonce = await nonceOf(server);
    expect((await post('127.0.12.2', server, digest(nonce, { nc: nc(100) }))).status).toBe(200);
    // Thirty replays, and counts far below the highest: each refused, none counted. Before,
    // each was a failure of the address, and the address got 429 after the fifth.
    for (let n = 0; n < 30; n++) {
      const answer = await post(
        '127.0.12.2',
        server,
        digest(nonce, { nc: nc(n % 2 === 0 ? 100 : 1) }),
      );
      expect(answer.status).toBe(401);
    }
    expect((await post('127.0.12.2', server, digest(nonce, { nc: nc(101) }))).status).toBe(200);
    expect((await post('127.0.12.2', server, right('sha').authorization)).status).toBe(200);
  });
});
