/**
 * The token table stays small and every lookup is indexed: a client keeps at most
 * TOKENS_PER_USER live tokens per user (issuing one more revokes the oldest), expired pairs
 * go a bounded batch at a time, and no statement of an issue scans the table. How long an
 * issue takes with 100,000 stored is measured outside the tests (docs/rest.md).
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteTokenStore } from '../../src/auth/stores/SqliteTokenStore.ts';
import { TOKENS_PER_USER } from '../../src/auth/stores/TokenStore.ts';
import { type RunningServer, serve } from '../../src/server/index.ts';
import { createAuthApp, useTemporaryFolder } from './support.ts';

const folder = useTemporaryFolder();
const HOUR = 3600_000;

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Issues a password-grant token over HTTP and answers it. */
async function issue(url: string, user: string, password: string): Promise<string> {
  const response = await fetch(`${url}/oauth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: user,
      password,
      client_id: 'app',
      client_secret: 'app-secret',
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The status of a write that needs an identity, made with the token. */
async function writeWith(url: string, token: string): Promise<number> {
  const response = await fetch(`${url}/books`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status;
}

describe('tokens per client and user', () => {
  it(`keeps the newest ${TOKENS_PER_USER} of a user's tokens and revokes the oldest, leaving other users alone`, async () => {
    const { app } = createAuthApp(folder());
    server = await serve(app, { port: 0, handleSignals: false, hostname: '127.0.0.1' });
    const other = await issue(server.url, 'sha', 'secret-sha');
    const tokens: string[] = [];
    for (let n = 0; n <= TOKENS_PER_USER; n++)
      tokens.push(await issue(server.url, 'apr1', 'secret-apr1'));
    const statuses = [];
    for (const token of tokens) statuses.push(await writeWith(server.url, token));
    expect(statuses).toEqual([401, ...Array(TOKENS_PER_USER).fill(200)]);
    expect(await writeWith(server.url, other)).toBe(200);
  });
});

describe('the token table', () => {
  const save = (
    store: SqliteTokenStore,
    user: string,
    expiresAt: number,
    token = `${user}-${expiresAt}`,
  ) =>
    store.save({
      accessToken: token,
      accessTokenExpiresAt: new Date(expiresAt),
      clientId: 'app',
      userName: user,
    });

  it('forgets expired pairs a bounded batch at a time, each time a token is issued', async () => {
    const path = join(folder(), 'tokens.sqlite');
    const store = new SqliteTokenStore(path);
    await save(store, 'ada', Date.now() + HOUR); // creates the tables
    const db = new Database(path);
    // 250 expired pairs, as a server that was down for a while would find them.
    const insert = db.prepare(
      `INSERT INTO oauth_tokens (access_token_hash, access_expires_at, client_id, user_name)
         VALUES (?, ?, 'app', ?)`,
    );
    for (let n = 0; n < 250; n++) insert.run(`old${n}`, Date.now() - HOUR, `user${n}`);
    const count = () =>
      (db.prepare('SELECT count(*) AS rows FROM oauth_tokens').get() as { rows: number }).rows;
    expect(count()).toBe(251);
    await save(store, 'ada', Date.now() + HOUR, 'second');
    expect(count()).toBe(252 - 100);
    await save(store, 'ada', Date.now() + HOUR, 'third');
    expect(count()).toBe(253 - 200);
    await save(store, 'ada', Date.now() + HOUR, 'fourth');
    expect(count()).toBe(4);
    expect((await store.findAccessToken('fourth'))?.userName).toBe('ada');
    db.close();
    store.close();
  });

  it('plans the purge and the limit per user through its indexes, never a scan of the table', async () => {
    const path = join(folder(), 'tokens.sqlite');
    const store = new SqliteTokenStore(path);
    await save(store, 'ada', Date.now() + HOUR); // creates the tables and their indexes
    const db = new Database(path);
    // The lookups of SqliteTokenStore.save, as SQLite would run them on this file.
    for (const sql of [
      'SELECT rowid FROM oauth_tokens WHERE max(access_expires_at, coalesce(refresh_expires_at, 0)) < 1 LIMIT 100',
      "SELECT rowid FROM oauth_tokens WHERE client_id = 'app' AND user_name = 'ada' ORDER BY rowid DESC LIMIT -1 OFFSET 10",
    ]) {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[];
      expect(plan.map((row) => row.detail).join('; '), sql).toMatch(
        /^SEARCH oauth_tokens USING (COVERING )?INDEX/,
      );
    }
    db.close();
    store.close();
  });
});
