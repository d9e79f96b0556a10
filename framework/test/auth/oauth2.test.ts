import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AuthEvent,
  AuthEvents,
  authConfigProvider,
  type OAuth2TokenEndpoint,
} from '../../src/auth/index.ts';
import { SqliteTokenStore } from '../../src/auth/stores/SqliteTokenStore.ts';
import { createContainer, ServerRequest } from '../../src/index.ts';
import { type RunningServer, serve } from '../../src/server/index.ts';
import {
  basic,
  call,
  challenges,
  createAuthApp,
  REALM,
  useTemporaryFolder,
  writeHtpasswd,
} from './support.ts';

const folder = useTemporaryFolder();
const running: RunningServer[] = [];

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(running.splice(0).map((server) => server.close()));
});

type App = ReturnType<typeof createAuthApp>['app'];

function tokenRequest(
  app: App,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return call(app, '/oauth', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

const CLIENT = { client_id: 'app', client_secret: 'app-secret' };

async function passwordToken(app: App) {
  const response = await tokenRequest(app, {
    grant_type: 'password',
    username: 'apr1',
    password: 'secret-apr1',
    ...CLIENT,
  });
  expect(response.status).toBe(200);
  return response.json();
}

function withBearer(app: App, token: string, method = 'POST') {
  return call(app, '/books', { method, headers: { authorization: `Bearer ${token}` } });
}

/** The application over real HTTP: what a client reads is what the node adapter wrote. */
async function overHttp(app: App): Promise<RunningServer> {
  const server = await serve(app, { port: 0, handleSignals: false, hostname: '127.0.0.1' });
  running.push(server);
  return server;
}

/**
 * A token endpoint whose clients may ask for scopes: `reader` for `read`, `editor` for `read`
 * and `write`; `app` for none.
 */
function scopedEndpoint(): (form: Record<string, string>) => Promise<Response> {
  const container = createContainer({
    ...authConfigProvider(),
    authentication: {
      realm: REALM,
      basic: { htpasswd: writeHtpasswd(folder()) },
      oauth2: {
        database: ':memory:',
        clients: {
          reader: {
            secret: 'reader-secret',
            grants: ['password', 'refresh_token'],
            scopes: ['read'],
          },
          editor: {
            secret: 'editor-secret',
            grants: ['client_credentials'],
            scopes: ['read', 'write'],
          },
          app: { secret: 'app-secret', grants: ['client_credentials'] },
        },
      },
    },
  });
  const endpoint = container.get('OAuth2TokenEndpoint') as OAuth2TokenEndpoint;
  return (form) =>
    endpoint.process(
      new ServerRequest(
        new Request('http://localhost/oauth', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        }),
      ),
    );
}

describe('the token endpoint', () => {
  it('answers the password grant with the RFC 6749 JSON', async () => {
    const { app } = createAuthApp(folder());
    const response = await tokenRequest(app, {
      grant_type: 'password',
      username: 'apr1',
      password: 'secret-apr1',
      ...CLIENT,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^\w{20,}$/),
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      refresh_token: expect.stringMatching(/^\w{20,}$/),
    });
    expect(body.expires_in).toBeGreaterThan(3590);
  });

  it('answers client_credentials, with the client in a Basic header and no refresh token', async () => {
    const { app } = createAuthApp(folder());
    const response = await tokenRequest(
      app,
      { grant_type: 'client_credentials' },
      { authorization: basic('narrow', 'narrow-secret') },
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.refresh_token).toBeUndefined();
    const read = await withBearer(app, body.access_token, 'GET');
    expect((await read.json()).who).toBe('narrow');
  });

  // The token of client_credentials wrote as if the client were a user of its name.
  it('lets a client_credentials token read, and answers its writes 403: a client is no user', async () => {
    const { app, events } = createAuthApp(folder());
    const server = await overHttp(app);
    const token = async (form: Record<string, string>) => {
      const response = await fetch(`${server.url}/oauth`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...form, ...CLIENT }),
      });
      return ((await response.json()) as { access_token: string }).access_token;
    };
    const books = (bearer: string, method: string) =>
      fetch(`${server.url}/books`, { method, headers: { authorization: `Bearer ${bearer}` } });
    const own = await token({ grant_type: 'client_credentials' });
    expect(await (await books(own, 'GET')).json()).toMatchObject({ who: 'app' });
    const write = await books(own, 'POST');
    expect(write.status).toBe(403);
    expect(write.headers.get('content-type')).toBe('application/problem+json');
    expect(write.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect((await write.json()).detail).toBe(
      'The OAuth2 client app acts for no user, and POST Books::collection needs one: ' +
        "use a user's token (the password grant) or credentials",
    );
    // An authorization listener may let a client through, for a service account.
    events.on<AuthEvent>(AuthEvents.AUTHORIZATION, (event) => {
      if (event.identity.client && event.identity.name === 'app') event.authorized = true;
    });
    expect(await (await books(own, 'POST')).json()).toMatchObject({ who: 'app' });
    // The same client, with a user's password, writes as that user.
    const user = await token({ grant_type: 'password', username: 'apr1', password: 'secret-apr1' });
    expect(await (await books(user, 'POST')).json()).toMatchObject({ who: 'apr1' });
  });

  it.each([
    [
      'a wrong password',
      { grant_type: 'password', username: 'apr1', password: 'x', ...CLIENT },
      400,
      'invalid_grant',
    ],
    [
      'an unknown refresh token',
      { grant_type: 'refresh_token', refresh_token: 'nope', ...CLIENT },
      400,
      'invalid_grant',
    ],
    [
      'a wrong client secret',
      { grant_type: 'client_credentials', client_id: 'app', client_secret: 'x' },
      400,
      'invalid_client',
    ],
    ['no client', { grant_type: 'client_credentials' }, 400, 'invalid_client'],
    ['an unknown grant type', { grant_type: 'magic', ...CLIENT }, 400, 'unsupported_grant_type'],
    ['no grant type', { ...CLIENT }, 400, 'invalid_request'],
    [
      'a missing password',
      { grant_type: 'password', username: 'apr1', ...CLIENT },
      400,
      'invalid_request',
    ],
    [
      'a grant the client may not use',
      {
        grant_type: 'password',
        username: 'apr1',
        password: 'secret-apr1',
        client_id: 'narrow',
        client_secret: 'narrow-secret',
      },
      400,
      'unauthorized_client',
    ],
  ])('answers %s with the RFC error JSON', async (_, form, status, error) => {
    const { app } = createAuthApp(folder());
    const response = await tokenRequest(app, form);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error, error_description: expect.any(String) });
  });

  it('answers a bad client in a Basic header with 401 and a challenge', async () => {
    const { app } = createAuthApp(folder());
    const response = await tokenRequest(
      app,
      { grant_type: 'client_credentials' },
      { authorization: basic('app', 'wrong') },
    );
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe('invalid_client');
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
  });

  it('refuses a JSON body: the RFC asks for a form', async () => {
    const { app } = createAuthApp(folder());
    const response = await call(app, '/oauth', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', ...CLIENT }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('invalid_request');
  });

  it.each([
    ['authorization_code', { grant_type: 'authorization_code', code: 'abc', ...CLIENT }],
    [
      'an extension grant',
      { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', ...CLIENT },
    ],
  ])('answers a grant it does not offer (%s) with unsupported_grant_type', async (_, form) => {
    // RFC 6749 section 5.2: unauthorized_client is for a grant the server offers but the
    // client may not use (tested above); a grant the server never offers is unsupported.
    const { app } = createAuthApp(folder());
    const response = await tokenRequest(app, form);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('unsupported_grant_type');
  });

  it.each([
    ['grant_type', 'grant_type=password&grant_type=password&username=apr1&password=secret-apr1'],
    ['username', 'grant_type=password&username=sha&username=apr1&password=secret-apr1'],
    ['client_secret', 'grant_type=password&username=apr1&password=secret-apr1&client_secret=x'],
  ])('answers a repeated %s with invalid_request', async (_, form) => {
    // RFC 6749 section 3.2: parameters must not be included more than once. Taking the
    // first or the last would let two parties read one request two ways.
    const { app } = createAuthApp(folder());
    const response = await call(app, '/oauth', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${form}&client_id=app&client_secret=app-secret`,
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(/more than once/);
  });

  it('names the configured realm in the challenge of a bad Basic client, on the wire', async () => {
    const server = await overHttp(createAuthApp(folder()).app);
    const response = await fetch(`${server.url}/oauth`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic('app', 'wrong'),
      },
      body: 'grant_type=client_credentials',
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe('invalid_client');
    expect(response.headers.get('www-authenticate')).toBe(
      `Basic realm="${REALM}", charset="UTF-8"`,
    );
  });
});

describe('scopes', () => {
  it.each([
    ['a client with no scopes', 'app', 'app-secret', 'admin superuser'],
    ['a client asking beyond its scopes', 'editor', 'editor-secret', 'read admin'],
  ])('refuse a scope not configured for %s with invalid_scope', async (_, id, secret, scope) => {
    const token = scopedEndpoint();
    const response = await token({
      grant_type: 'client_credentials',
      client_id: id,
      client_secret: secret,
      scope,
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe('invalid_scope');
    expect(body.access_token).toBeUndefined();
  });

  it('refuse an unknown scope through the conference-like app, never echoing it', async () => {
    const { app } = createAuthApp(folder());
    const response = await tokenRequest(app, {
      grant_type: 'password',
      username: 'apr1',
      password: 'secret-apr1',
      scope: 'admin superuser',
      ...CLIENT,
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text).error).toBe('invalid_scope');
    expect(text).not.toContain('superuser');
  });

  it('grant the configured scopes asked for, and name them in the answer', async () => {
    const token = scopedEndpoint();
    const response = await token({
      grant_type: 'client_credentials',
      client_id: 'editor',
      client_secret: 'editor-secret',
      scope: 'write read write',
    });
    expect(response.status).toBe(200);
    expect((await response.json()).scope).toBe('write read');
  });

  it('grant no scope when none is asked for, and a refresh cannot widen it', async () => {
    const token = scopedEndpoint();
    const user = { username: 'apr1', password: 'secret-apr1' };
    const client = { client_id: 'reader', client_secret: 'reader-secret' };
    const issued = await token({ grant_type: 'password', ...user, ...client });
    expect(issued.status).toBe(200);
    const first = await issued.json();
    expect(first.scope).toBeUndefined();
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      scope: 'read',
      ...client,
    });
    expect((await refreshed.json()).error).toBe('invalid_scope');
  });

  it('take a parameter sent without a value as not sent (RFC 6749 §3.1), as a form leaves it', async () => {
    const token = scopedEndpoint();
    const response = await token({
      grant_type: 'password',
      username: 'apr1',
      password: 'secret-apr1',
      client_id: 'reader',
      client_secret: 'reader-secret',
      scope: '',
      refresh_token: '',
    });
    expect(response.status).toBe(200);
    expect((await response.json()).scope).toBeUndefined();
  });
});

describe('bearer tokens', () => {
  it('authenticate from the Authorization header, with the roles of the user', async () => {
    const { app } = createAuthApp(folder());
    const { access_token } = await passwordToken(app);
    const response = await withBearer(app, access_token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ who: 'apr1', roles: ['editor'] });
  });

  it('authenticate from the access_token query parameter', async () => {
    const { app } = createAuthApp(folder());
    const { access_token } = await passwordToken(app);
    const response = await call(app, `/books?access_token=${access_token}`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect((await response.json()).who).toBe('apr1');
  });

  it.each([
    ['an unknown token', 'Bearer abcdef'],
    ['a malformed token', 'Bearer ab cd'],
  ])('refuse %s with error="invalid_token"', async (_, header) => {
    const { app } = createAuthApp(folder());
    const response = await call(app, '/books', {
      method: 'POST',
      headers: { authorization: header },
    });
    expect(response.status).toBe(401);
    const bearer = challenges(response).find((c) => c.startsWith('Bearer'));
    expect(bearer).toMatch(
      /^Bearer realm="test", error="invalid_token", error_description="[^"]+"$/,
    );
  });

  it('refuse a token sent both in the header and in the query with 400 invalid_request', async () => {
    // RFC 6750 section 2: a client must not use more than one method. Reading one and
    // ignoring the other would act on a request the client may not have meant.
    const { app } = createAuthApp(folder());
    const { access_token } = await passwordToken(app);
    const server = await overHttp(app);
    const response = await fetch(`${server.url}/books?access_token=${access_token}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('www-authenticate')).toMatch(
      /^Bearer realm="test", error="invalid_request", error_description="[^"]+"$/,
    );
    expect((await response.json()).detail).toMatch(/both/);
  });

  it('refuse a bare "Bearer" (no token at all) with 400 invalid_request, as RFC 6750 section 3.1 says', async () => {
    const { app } = createAuthApp(folder());
    const server = await overHttp(app);
    for (const header of ['Bearer', 'bearer   ']) {
      const response = await fetch(`${server.url}/books`, {
        method: 'POST',
        headers: { authorization: header },
      });
      expect(response.status, header).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.headers.get('www-authenticate')).toMatch(
        /^Bearer realm="test", error="invalid_request", error_description="[^"]+"$/,
      );
    }
  });

  it('answer a 403 to a token whose identity may not with error="insufficient_scope", as RFC 6750 section 3.1 says', async () => {
    const { app, events } = createAuthApp(folder());
    events.on<AuthEvent>(AuthEvents.AUTHORIZATION, (event) => {
      if (event.privilege === 'DELETE' && !event.identity.hasRole('admin')) event.deny();
    });
    const { access_token } = await passwordToken(app);
    const server = await overHttp(app);
    const denied = await fetch(`${server.url}/books/1`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('www-authenticate')).toBe(
      'Bearer realm="test", error="insufficient_scope"',
    );
    // The token in the query is a bearer token too; a password is no token to widen.
    const byQuery = await fetch(`${server.url}/books/1?access_token=${access_token}`, {
      method: 'DELETE',
    });
    expect(byQuery.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    const byPassword = await fetch(`${server.url}/books/1`, {
      method: 'DELETE',
      headers: { authorization: basic('sha', 'secret-sha') },
    });
    expect([byPassword.status, byPassword.headers.get('www-authenticate')]).toEqual([403, null]);
  });

  it('refuse a bad token in the query string too', async () => {
    const { app } = createAuthApp(folder());
    const response = await call(app, '/books?access_token=nope', { method: 'POST' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('expire, and a refresh gives a new pair while the old one stops working', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { app } = createAuthApp(folder(), { accessTokenLifetime: 60 });
    const first = await passwordToken(app);
    vi.setSystemTime(Date.now() + 61_000);
    const expired = await withBearer(app, first.access_token);
    expect(expired.status).toBe(401);
    expect((await expired.json()).detail).toMatch(/expired/);

    const refreshed = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      ...CLIENT,
    });
    expect(refreshed.status).toBe(200);
    const second = await refreshed.json();
    expect(second.access_token).not.toBe(first.access_token);
    expect((await withBearer(app, second.access_token)).status).toBe(200);
    const again = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      ...CLIENT,
    });
    expect((await again.json()).error).toBe('invalid_grant');
  });

  it('stop working once revoked', async () => {
    const path = join(folder(), 'tokens.sqlite');
    const { app } = createAuthApp(folder(), { tokenDatabase: path });
    const { access_token } = await passwordToken(app);
    const store = new SqliteTokenStore(path);
    expect(await store.revoke(access_token)).toBe(true);
    store.close();
    expect((await withBearer(app, access_token)).status).toBe(401);
  });

  it('survive a restart, and the file holds only their hashes', async () => {
    const path = join(folder(), 'tokens.sqlite');
    const before = createAuthApp(folder(), { tokenDatabase: path });
    const { access_token, refresh_token } = await passwordToken(before.app);
    const after = createAuthApp(folder(), { tokenDatabase: path });
    expect((await withBearer(after.app, access_token)).status).toBe(200);
    const file = readFileSync(path).toString('latin1') + readWal(path);
    expect(file).not.toContain(access_token);
    expect(file).not.toContain(refresh_token);
    expect(file).not.toContain('app-secret');
  });
});

describe('the token store', () => {
  it('creates the folder of its file, as a fresh clone lacks data/', async () => {
    const path = join(folder(), 'not', 'yet', 'tokens.sqlite');
    const { app } = createAuthApp(folder(), { tokenDatabase: path });
    await passwordToken(app);
    expect(existsSync(path)).toBe(true);
  });

  it('opens a file made before clients had scopes, its clients with none', async () => {
    const path = join(folder(), 'old.sqlite');
    const old = new Database(path);
    old.exec(`CREATE TABLE oauth_clients (
      client_id TEXT PRIMARY KEY, secret_hash TEXT NOT NULL, grants TEXT NOT NULL)`);
    old.prepare('INSERT INTO oauth_clients VALUES (?, ?, ?)').run('old', 'x', 'password');
    old.close();
    const store = new SqliteTokenStore(path, {
      app: { secret: 'app-secret', grants: ['password'], scopes: ['read'] },
    });
    expect(await store.verifyClient('app', 'app-secret')).toEqual({
      id: 'app',
      grants: ['password'],
      scopes: ['read'],
    });
    await store.saveClient('old', 'old-secret', ['password']);
    expect((await store.verifyClient('old', 'old-secret'))?.scopes).toEqual([]);
    store.close();
  });
});

/** What SQLite's write-ahead log holds, which may not be in the file yet. */
function readWal(path: string): string {
  return existsSync(`${path}-wal`) ? readFileSync(`${path}-wal`).toString('latin1') : '';
}
