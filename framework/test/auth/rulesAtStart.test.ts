/**
 * Rules for routes that are no REST resource, by the route's name, and every rule checked
 * against the routes when `app.run()` starts the server: a rule that names nothing the
 * routes serve stops the start in one line naming the fix, instead of refusing every
 * request once the server is up. Over real sockets, as a client meets the server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Application } from '../../src/index.ts';
import type { RunningServer } from '../../src/server/index.ts';
import { authorizationApp, basic, useTemporaryFolder } from './support.ts';

const folder = useTemporaryFolder();
/** Where tests listen: a free port the system picks, on this machine only. */
const LISTEN = { port: 0, hostname: '127.0.0.1', handleSignals: false } as const;

/** The application the authorization tests share (support.ts), `ping` taking POST. */
function buildApp(authorization: unknown): Application {
  return authorizationApp(folder(), authorization, ['POST']);
}

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The status of a request to the running server. */
async function status(path: string, method: string, who?: string): Promise<number> {
  const headers: Record<string, string> = who ? { authorization: basic(who, `secret-${who}`) } : {};
  return (await fetch(`${server?.url}${path}`, { method, headers })).status;
}

/** The error `app.run()` refused to start with; fails the test if it started. */
async function startError(authorization: unknown): Promise<string> {
  const starting = buildApp(authorization).run(LISTEN);
  // Kept, so that afterEach closes a server that started when it should not have.
  starting.then((started) => (server = started)).catch(() => undefined);
  const error: unknown = await starting.then(
    () => undefined,
    (refused: unknown) => refused,
  );
  expect(error, 'app.run() started a server').toBeInstanceOf(Error);
  const { message } = error as Error;
  expect(message, 'one line').not.toContain('\n');
  return message;
}

describe('a rule for a route that is no REST resource', () => {
  it('protects the route by its name: a guest gets 401, an identity 200, other routes are untouched', async () => {
    server = await buildApp({ ping: { methods: ['POST'] } }).run(LISTEN);
    expect(await status('/ping', 'POST')).toBe(401);
    expect(await status('/ping', 'POST', 'sha')).toBe(200);
    expect(await status('/books', 'POST')).toBe(200);
    expect(await status('/stats', 'POST')).toBe(200);
  });

  it('protects a route named as an RPC action through its service’s actions', async () => {
    server = await buildApp({ Stats: { actions: { reset: ['POST'] } } }).run(LISTEN);
    expect(await status('/stats', 'POST')).toBe(401);
    expect(await status('/stats', 'POST', 'sha')).toBe(200);
    expect(await status('/ping', 'POST')).toBe(200);
  });
});

describe('every rule checked against the routes when the application starts', () => {
  it('refuses to start on actions under a plain route’s name, naming the rule that fits', async () => {
    // Issue 44 §8: this rule used to start, then make every request on every route a 500.
    const message = await startError({ ping: { actions: { ping: ['POST'] } } });
    expect(message).toContain('authorization["ping"].actions.ping');
    expect(message).toContain("ping: { methods: ['POST'] }");
  });

  it('refuses to start on a name no route or REST service has, with the name it resembles', async () => {
    const message = await startError({ Bokes: { entity: ['PATCH'] } });
    expect(message).toContain('authorization["Bokes"]');
    expect(message).toContain('did you mean "Books"?');
  });

  it('refuses to start on an action the service does not have', async () => {
    const message = await startError({ Stats: { actions: { rest: ['POST'] } } });
    expect(message).toContain('authorization["Stats"].actions.rest');
    expect(message).toContain('did you mean "reset"?');
  });

  it('refuses to start on a kind of URL a plain route does not have', async () => {
    const message = await startError({ ping: { collection: ['POST'] } });
    expect(message).toContain('authorization["ping"].collection');
    expect(message).toContain("ping: { methods: ['POST'] }");
  });

  it('refuses to start on methods for a REST service, which are named per kind of URL', async () => {
    const message = await startError({ Books: { methods: ['POST'] } });
    expect(message).toContain('authorization["Books"].methods');
    expect(message).toContain('entity');
    expect(message).toContain('collection');
  });

  it('refuses to start on a method the routes never answer', async () => {
    const message = await startError({ ping: { methods: ['PUT'] } });
    expect(message).toContain('authorization["ping"].methods names PUT');
    expect(message).toContain('they answer POST');
  });

  it('starts when every rule applies', async () => {
    server = await buildApp({
      ping: { methods: ['POST'] },
      Stats: { actions: { reset: ['POST'] } },
      Books: { entity: ['PATCH', 'DELETE'], collection: ['POST'] },
    }).run(LISTEN);
    expect(await status('/books/1', 'DELETE')).toBe(401);
    expect(await status('/books/1', 'GET')).toBe(200);
  });
});
