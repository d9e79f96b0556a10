/**
 * `authorization: { denyByDefault: true }`, api-tools' `deny_by_default`: every method of
 * every route needs an authenticated identity, but those a rule names under `public`.
 * Over real sockets, as a client meets the server; misconfiguration stops the start.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AuthorizationRules } from '../../src/auth/index.ts';
import { type Application, json } from '../../src/index.ts';
import type { RunningServer } from '../../src/server/index.ts';
import { authorizationApp, basic, useTemporaryFolder } from './support.ts';

const folder = useTemporaryFolder();
/** Where tests listen: a free port the system picks, on this machine only. */
const LISTEN = { port: 0, hostname: '127.0.0.1', handleSignals: false } as const;

/** The application the authorization tests share (support.ts), `ping` taking GET and POST. */
function buildApp(authorization: unknown): Application {
  return authorizationApp(folder(), authorization, ['GET', 'POST']);
}

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function call(path: string, method: string, who?: string): Promise<Response> {
  const headers: Record<string, string> = who ? { authorization: basic(who, `secret-${who}`) } : {};
  return fetch(`${server?.url}${path}`, { method, headers });
}

async function status(path: string, method: string, who?: string): Promise<number> {
  const answer = await call(path, method, who);
  await answer.arrayBuffer();
  return answer.status;
}

/** The error that kept the application from being built or from starting, in one line. */
async function refusal(authorization: unknown): Promise<string> {
  let error: unknown;
  try {
    server = await buildApp(authorization).run(LISTEN);
  } catch (refused) {
    error = refused;
  }
  expect(error, 'the application started').toBeInstanceOf(Error);
  const { message } = error as Error;
  expect(message, 'one line').not.toContain('\n');
  return message;
}

const PUBLIC_READS = {
  denyByDefault: true,
  Books: { public: { collection: ['GET'], entity: ['GET'] } },
};

describe('denyByDefault: every route needs an identity unless a rule makes it public', () => {
  it('answers a guest on a route no rule names with a 401 API Problem, an identity with 200', async () => {
    server = await buildApp(PUBLIC_READS).run(LISTEN);
    for (const [path, method] of [
      ['/ping', 'GET'],
      ['/ping', 'POST'],
      ['/stats', 'POST'],
      ['/books', 'POST'],
      ['/books/1', 'PATCH'],
      ['/books/1', 'DELETE'],
    ] as const) {
      const refused = await call(path, method);
      expect(refused.status, `${method} ${path}`).toBe(401);
      expect(refused.headers.get('content-type')).toBe('application/problem+json');
      expect(refused.headers.get('www-authenticate')).toContain('Basic');
      expect((await refused.json()).detail).toBe('Authentication is required');
      expect(await status(path, method, 'sha'), `${method} ${path} as sha`).toBe(200);
    }
  });

  it('lets guests use what a rule makes public, HEAD with GET', async () => {
    server = await buildApp(PUBLIC_READS).run(LISTEN);
    for (const path of ['/books', '/books/1']) {
      const answer = await call(path, 'GET');
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ who: 'guest' });
      expect(await status(path, 'HEAD')).toBe(200);
    }
  });

  it('makes routes that are no REST resource public by name and by action', async () => {
    server = await buildApp({
      denyByDefault: true,
      ping: { public: { methods: ['GET'] } },
      Stats: { public: { actions: { reset: ['POST'] } } },
    }).run(LISTEN);
    expect(await status('/ping', 'GET')).toBe(200);
    expect(await status('/stats', 'POST')).toBe(200);
    expect(await status('/ping', 'POST')).toBe(401);
    expect(await status('/books', 'GET')).toBe(401);
  });

  it('leaves a URL no route serves a 404, for guests too', async () => {
    server = await buildApp({ denyByDefault: true }).run(LISTEN);
    expect(await status('/nowhere', 'GET')).toBe(404);
    expect(await status('/ping', 'GET')).toBe(401);
  });

  it('is the rules’ verdict for OpenAPI documents and listeners alike', () => {
    const rules = AuthorizationRules.fromConfig(PUBLIC_READS);
    expect(rules.requiresAuthentication('Books::collection', 'GET')).toBe(false);
    expect(rules.requiresAuthentication('Books::collection', 'HEAD')).toBe(false);
    expect(rules.requiresAuthentication('Books::collection', 'POST')).toBe(true);
    expect(rules.requiresAuthentication('anything', 'GET')).toBe(true);
    expect(
      new AuthorizationRules({ denyByDefault: true }).allow('ping', ['GET']).resources,
    ).toEqual(['ping']);
  });
});

describe('denyByDefault misconfigured: the application does not start, and says the fix', () => {
  it('refuses a list of protected methods, which would mean nothing (api-tools would read it as public)', async () => {
    const message = await refusal({ denyByDefault: true, Books: { entity: ['PATCH'] } });
    expect(message).toContain('authorization["Books"].entity');
    expect(message).toContain('Books: { public: { entity: […] } }');
  });

  it('refuses public without denyByDefault', async () => {
    const message = await refusal({ Books: { public: { entity: ['GET'] } } });
    expect(message).toContain('authorization["Books"].public');
    expect(message).toContain('authorization.denyByDefault');
  });

  it.each([
    [{ deny_by_default: true }, 'authorization["deny_by_default"]'],
    [{ denyByDefault: 'yes' }, 'authorization.denyByDefault must be true or false'],
    [{ denyByDefault: true, Books: { publc: {} } }, 'did you mean "public"?'],
  ])('refuses %j, naming the fix', async (authorization, named) => {
    const message = await refusal(authorization);
    expect(message).toContain(named);
    expect(message).toContain('denyByDefault');
  });

  it('checks public rules against the routes at start, as the others', async () => {
    const misspelt = await refusal({ denyByDefault: true, Bokes: { public: { entity: ['GET'] } } });
    expect(misspelt).toContain('authorization["Bokes"].public.entity makes public');
    expect(misspelt).toContain('did you mean "Books"?');
    const never = await refusal({ denyByDefault: true, ping: { public: { methods: ['PUT'] } } });
    expect(never).toContain('authorization["ping"].public.methods names PUT');
    const plain = await refusal({ denyByDefault: true, ping: { public: { entity: ['GET'] } } });
    expect(plain).toContain("ping: { public: { methods: ['GET'] } }");
  });

  it('refuses to deny a route that opts out of authentication, which no identity reaches', async () => {
    const build = (authorization: unknown) => {
      const app = buildApp(authorization);
      // As the OAuth2 token endpoint is routed: it checks its clients itself.
      app.route('/token', () => json({}), ['POST'], 'token').setOptions({ authentication: false });
      return app;
    };
    let error: unknown;
    try {
      server = await build({ denyByDefault: true }).run(LISTEN);
    } catch (refused) {
      error = refused;
    }
    expect((error as Error).message).toContain(
      'the route "token" to guests, and that route opts out of authentication (authentication: false), so no identity ever reaches it: make it public, token: { public: { methods: [\'POST\'] } }',
    );
    server = await build({ denyByDefault: true, token: { public: { methods: ['POST'] } } }).run(
      LISTEN,
    );
    expect(await status('/token', 'POST')).toBe(200);
    expect(await status('/ping', 'GET')).toBe(401);
  });

  it('refuses HEAD made public without GET', async () => {
    const message = await refusal({ denyByDefault: true, ping: { public: { methods: ['HEAD'] } } });
    expect(message).toContain('HEAD without GET');
    expect(message).toContain('makes both public');
  });
});
