/**
 * The conference API's limits on guessing cannot be turned against the people they protect,
 * over real sockets with its real configuration: one client's guesses never lock out another
 * client, a token issued before an attack keeps working, the OAuth2 client's secret is
 * limited per address, and guesses sent all at once get no more answers than one by one.
 * framework/test/auth/limits.test.ts proves each rule with small figures; these prove the
 * API's defaults (10 failures in a row per user and address). docs/rest.md has the model.
 */
import { request } from 'node:http';
import { type RunningServer, serve } from 'hyperpipe/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basicAuth, createTestConference, DEMO_USERS } from './support/conference.ts';

// A server per test: each starts with no failure counted.
let server: RunningServer;
beforeEach(async () => {
  const { app } = await createTestConference();
  server = await serve(app, { port: 0, handleSignals: false, hostname: '127.0.0.1' });
});
afterEach(() => server.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request from a loopback address of our choosing: each address is another client. */
function from(
  address: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port: server.port, path, method, headers };
    request({ ...options, localAddress: address, agent: false }, (answer) => {
      let text = '';
      answer.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: text }),
      );
    })
      .on('error', reject)
      .end(body);
  });
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const token = (address: string, body: string, headers: Record<string, string> = {}) =>
  from(address, 'POST', '/oauth', { ...FORM, ...headers }, body);
const workshop = (secret = 'workshop-secret') => `client_id=workshop&client_secret=${secret}`;

async function guessAt(user: 'learner' | 'editor', address: string, times: number) {
  const statuses: number[] = [];
  for (let n = 1; n <= times; n++) {
    const headers = { authorization: basicAuth(user, `guess-${n}`) };
    statuses.push((await from(address, 'GET', '/speaker/1', headers)).status);
  }
  return statuses;
}

describe('the conference API’s limits on guessing', () => {
  it('stop the guesser after 10 failures, never the owner at another address', async () => {
    const statuses = await guessAt('learner', '127.0.11.1', 11);
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(statuses.slice(9)).toEqual([429, 429]);
    const locked = await from('127.0.11.1', 'GET', '/speaker/1', {
      authorization: basicAuth('learner'),
    });
    expect(locked.status).toBe(429);
    expect(locked.headers['content-type']).toBe('application/problem+json');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Before, the right password from anywhere waited too: anyone could lock anyone out.
    const owner = { authorization: basicAuth('learner') };
    expect((await from('127.0.11.2', 'GET', '/speaker/1', owner)).status).toBe(200);
    // And another user at the guesser's address is not the guesser.
    const editor = { authorization: basicAuth('editor') };
    expect((await from('127.0.11.1', 'GET', '/speaker/1', editor)).status).toBe(200);
  });

  it('never refuse a token issued before an attack on its user’s password', async () => {
    const grant = `grant_type=password&username=editor&password=${DEMO_USERS.editor}&${workshop()}`;
    const issued = JSON.parse((await token('127.0.12.1', grant)).body).access_token as string;
    for (const address of ['127.0.12.1', '127.0.12.2', '127.0.12.3'])
      await guessAt('editor', address, 11);
    const bearer = { authorization: `Bearer ${issued}` };
    for (const address of ['127.0.12.1', '127.0.12.4'])
      expect((await from(address, 'GET', '/speaker/1', bearer)).status, address).toBe(200);
  });

  it('limit the OAuth2 client’s secret per address: wrong secrets stop nobody else', async () => {
    const statuses = [];
    for (let n = 1; n <= 11; n++) {
      const guess = `grant_type=client_credentials&${workshop(`guess-${n}`)}`;
      statuses.push((await token('127.0.13.1', guess)).status);
    }
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(400));
    expect(statuses.slice(9)).toEqual([429, 429]);
    const right = `grant_type=client_credentials&${workshop()}`;
    // Before, 10 wrong secrets for `workshop` and nobody could get a token.
    expect((await token('127.0.13.2', right)).status).toBe(200);
  });

  it('answer no more guesses at the token endpoint sent at once than one after another', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, n) =>
        token('127.0.14.1', `grant_type=client_credentials&${workshop(`guess-${n}`)}`),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    // Before, up to 25 answered guesses: each was checked against a count not yet raised.
    expect(statuses.filter((status) => status === 400)).toHaveLength(9);
    expect(statuses.filter((status) => status === 429)).toHaveLength(16);
  });

  it('refuse client credentials in both the Authorization header and the body', async () => {
    const both = await token('127.0.15.1', `grant_type=client_credentials&${workshop()}`, {
      authorization: `Basic ${Buffer.from('workshop:workshop-secret').toString('base64')}`,
    });
    expect(both.status).toBe(400);
    expect(JSON.parse(both.body).error).toBe('invalid_request');
  });
});
