/**
 * Authorization never fails open: each way of configuring it that would leave a write open
 * refuses to start, or refuses every routed request with a logged error naming the fix.
 * Over real sockets, as a client meets the server.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AuthEvent, AuthEvents, authConfigProvider, IDENTITY } from '../../src/auth/index.ts';
import {
  type Application,
  ApplicationFactory,
  createContainer,
  json,
  type ServerRequest,
} from '../../src/index.ts';
import { ProblemMiddleware } from '../../src/problem/index.ts';
import { type RunningServer, serve } from '../../src/server/index.ts';
import { basic, REALM, routeBooks, useTemporaryFolder, writeHtpasswd } from './support.ts';

const folder = useTemporaryFolder();
const { ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE } = ApplicationFactory;

/** The pipeline the guides show: authentication and authorization between routing and dispatch. */
const RIGHT = [
  {
    middleware: [
      ROUTING_MIDDLEWARE,
      'AuthenticationMiddleware',
      'AuthorizationMiddleware',
      DISPATCH_MIDDLEWARE,
    ],
  },
];
const PROBLEMS = { middleware: new ProblemMiddleware(), error: true, priority: -100 };
const WRITES = { entity: ['PATCH', 'DELETE'], collection: ['POST'] };

/** Answers who it saw, with an ETag, as a resource's GET would. */
function answerWho(request: ServerRequest): Response {
  const who = request.getAttribute(IDENTITY)?.name ?? 'guest';
  return json({ who }, { headers: { etag: `"${who}"` } });
}

/** An application built from configuration, with the resource `Books` and the given rules. */
function buildApp(pipeline: readonly unknown[], authorization: unknown = { Books: WRITES }) {
  const container = createContainer({
    ...authConfigProvider(),
    authentication: { realm: REALM, basic: { htpasswd: writeHtpasswd(folder()) } },
    authorization,
    middleware_pipeline: [...pipeline, PROBLEMS],
  });
  const app = container.get('Application') as Application;
  routeBooks(app, { answer: answerWho });
  return app;
}

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

/** The status of each anonymous write, sent over a socket to the application. */
async function anonymousWrites(app: Application): Promise<number[]> {
  server = await serve(app, { port: 0, handleSignals: false, hostname: '127.0.0.1' });
  const statuses: number[] = [];
  for (const [method, path] of [
    ['POST', '/books'],
    ['PATCH', '/books/1'],
    ['DELETE', '/books/1'],
  ]) {
    statuses.push((await fetch(`${server.url}${path}`, { method })).status);
  }
  return statuses;
}

/** What the server logged on stderr while `run` ran. */
async function logged(run: () => Promise<unknown>): Promise<string> {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await run();
  return errors.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
}

describe('authorization that is configured but does not run before the route', () => {
  it('is in place in the pipeline the guides show: anonymous writes get 401', async () => {
    expect(await anonymousWrites(buildApp(RIGHT))).toEqual([401, 401, 401]);
  });

  it('refuses every routed request when AuthorizationMiddleware is piped after dispatch, saying where it belongs', async () => {
    const app = buildApp([
      { middleware: [ROUTING_MIDDLEWARE, 'AuthenticationMiddleware', DISPATCH_MIDDLEWARE] },
      { middleware: 'AuthorizationMiddleware', priority: 0 },
    ]);
    let statuses: number[] = [];
    const log = await logged(async () => {
      statuses = await anonymousWrites(app);
    });
    expect(statuses).toEqual([500, 500, 500]);
    expect(log).toMatch(
      /Authorization is configured, but nothing judged this request[\s\S]*Pipe it after routing and before dispatch/,
    );
  });

  it('refuses every routed request when it is left out while rules exist', async () => {
    const app = buildApp([{ middleware: [ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE] }]);
    let statuses: number[] = [];
    const log = await logged(async () => {
      statuses = await anonymousWrites(app);
    });
    expect(statuses).toEqual([500, 500, 500]);
    expect(log).toContain('AuthorizationMiddleware is missing from the pipeline');
  });

  it('refuses when it is piped under a prefix the route is not under', async () => {
    const app = buildApp([
      {
        middleware: [ROUTING_MIDDLEWARE, 'AuthenticationMiddleware'],
        priority: 3,
      },
      { path: '/admin', middleware: 'AuthorizationMiddleware', priority: 2 },
      { middleware: DISPATCH_MIDDLEWARE },
    ]);
    let statuses: number[] = [];
    await logged(async () => {
      statuses = await anonymousWrites(app);
    });
    expect(statuses).toEqual([500, 500, 500]);
  });

  it('refuses when only an authorization listener is configured and nothing triggers it', async () => {
    const app = buildApp([{ middleware: [ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE] }], {});
    app.events.on<AuthEvent>(AuthEvents.AUTHORIZATION, (event) => {
      if (event.privilege !== 'GET') event.deny();
    });
    let statuses: number[] = [];
    await logged(async () => {
      statuses = await anonymousWrites(app);
    });
    expect(statuses).toEqual([500, 500, 500]);
  });

  it('leaves an application without authorization alone', async () => {
    const app = buildApp([{ middleware: [ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE] }], {});
    expect(await anonymousWrites(app)).toEqual([200, 200, 200]);
  });
});

describe('rules that cannot apply', () => {
  it('refuses to start on an unknown key, naming it and the key it resembles', () => {
    expect(() => buildApp(RIGHT, { Books: { entities: ['PATCH'] } })).toThrow(
      /authorization\["Books"\] has an unknown key "entities" \(did you mean "entity"\?\); its keys are entity, collection, actions/,
    );
  });

  it('refuses to start on a method no client can send, naming it and the method it resembles', () => {
    expect(() => buildApp(RIGHT, { Books: { entity: ['PATH'] } })).toThrow(
      /The rule for Books::entity names "PATH", which is no HTTP method \(did you mean "PATCH"\?\)/,
    );
  });

  it('refuses to start on rules of the wrong shape', () => {
    expect(() => buildApp(RIGHT, { Books: { entity: 'PATCH' } })).toThrow(
      /authorization\["Books"\].entity must be a list of HTTP methods/,
    );
    expect(() => buildApp(RIGHT, { Books: ['PATCH'] })).toThrow(/must be a map/);
    expect(() => buildApp(RIGHT, { Books: { actions: ['export'] } })).toThrow(
      /actions must map action names to methods/,
    );
  });

  it('refuses to start on HEAD without GET, which would protect nothing', () => {
    expect(() => buildApp(RIGHT, { Books: { entity: ['HEAD'] } })).toThrow(
      /names HEAD without GET\. HEAD follows GET/,
    );
  });

  it('served without app.run(), which would check at start, refuses every request while a rule names a method its routes never answer', async () => {
    // The collection route answers GET and POST only: a rule for PUT there protects nothing.
    const app = buildApp(RIGHT, { Books: { collection: ['POST', 'PUT'] } });
    let statuses: number[] = [];
    const log = await logged(async () => {
      statuses = await anonymousWrites(app);
    });
    expect(statuses).toEqual([500, 500, 500]);
    expect(log).toContain(
      'authorization["Books"].collection names PUT, which its routes never answer (they answer GET, POST, HEAD)',
    );
  });
});

describe('HEAD follows GET', () => {
  it('asks a guest to authenticate for HEAD where a rule protects GET, without the ETag', async () => {
    const app = buildApp(RIGHT, { Books: { entity: ['GET'] } });
    server = await serve(app, { port: 0, handleSignals: false, hostname: '127.0.0.1' });
    const head = await fetch(`${server.url}/books/1`, { method: 'HEAD' });
    expect(head.status).toBe(401);
    expect(head.headers.get('etag')).toBeNull();
    expect(head.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    const authenticated = await fetch(`${server.url}/books/1`, {
      method: 'HEAD',
      headers: { authorization: basic('sha', 'secret-sha') },
    });
    expect([authenticated.status, authenticated.headers.get('etag')]).toEqual([200, '"sha"']);
  });

  it('hands listeners a HEAD as the GET it mirrors', async () => {
    const app = buildApp(RIGHT, {});
    const privileges: string[] = [];
    app.events.on<AuthEvent>(AuthEvents.AUTHORIZATION, (event) => {
      privileges.push(event.privilege);
      if (event.privilege === 'GET') event.deny();
    });
    server = await serve(app, { port: 0, handleSignals: false, hostname: '127.0.0.1' });
    const head = await fetch(`${server.url}/books/1`, { method: 'HEAD' });
    expect([head.status, head.headers.get('etag')]).toEqual([401, null]);
    expect(privileges).toEqual(['GET']);
  });
});
