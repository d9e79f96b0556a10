/**
 * Authorization in the conference API never fails open, over real sockets: its own
 * configuration protects every write and answers bearer clients as RFC 6750 asks, and each
 * mistake a maintainer could make in that configuration (authorization piped after dispatch
 * or left out, a misspelt rule key or method) is refused rather than letting anonymous
 * writes through. framework/test/auth/authorizationFailsClosed.test.ts proves each device
 * on its own.
 */
import { fileURLToPath } from 'node:url';
import { createInMemoryCatalogue } from '@hyperpipe/catalogue';
import { Application, ApplicationFactory, createContainer, loadConfig } from 'hyperpipe';
import { AuthEvents } from 'hyperpipe/auth';
import type { Config } from 'hyperpipe/config';
import { registerConfiguredResources } from 'hyperpipe/rest';
import { type RunningServer, serve } from 'hyperpipe/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlyEditorsDelete } from '../src/auth/onlyEditorsDelete.ts';
import { basicAuth } from './support/conference.ts';

const CONFIG_FOLDER = fileURLToPath(new URL('../config/autoload', import.meta.url));
const { ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE } = ApplicationFactory;

/**
 * The conference API as createConferenceApp builds it, from its configuration changed by
 * `change`, over a fresh in-memory catalogue and token store.
 */
async function conference(change: (config: Config) => void = () => undefined) {
  const config = await loadConfig(CONFIG_FOLDER);
  (config.authentication as { oauth2: { database: string } }).oauth2.database = ':memory:';
  change(config);
  const container = createContainer(config);
  container.setService('Database', createInMemoryCatalogue());
  const app = container.get(Application);
  registerConfiguredResources(app, container);
  app.events.on(AuthEvents.AUTHORIZATION, onlyEditorsDelete);
  return app;
}

/** Replaces the conference's routing entry of the pipeline. */
function pipeRouting(config: Config, ...entries: [string, unknown][]): void {
  const pipeline = config.middleware_pipeline as Record<string, unknown>;
  delete pipeline.routing;
  for (const [key, entry] of entries) pipeline[key] = entry;
}

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

async function start(app: Application): Promise<string> {
  server = await serve(app, { port: 0, handleSignals: false, hostname: '127.0.0.1' });
  return server.url;
}

const json = { 'content-type': 'application/json' };

/** The statuses of an anonymous create, change and delete of a speaker. */
async function anonymousWrites(url: string): Promise<number[]> {
  const answers = [
    await fetch(`${url}/speaker`, { method: 'POST', headers: json, body: '{"name":"Mallory"}' }),
    await fetch(`${url}/speaker/1`, { method: 'PATCH', headers: json, body: '{"name":"Mallory"}' }),
    await fetch(`${url}/speaker/1`, { method: 'DELETE' }),
  ];
  return answers.map((answer) => answer.status);
}

describe('the conference API’s authorization', () => {
  it('asks for credentials on every anonymous write, of every version', async () => {
    const url = await start(await conference());
    expect(await anonymousWrites(url)).toEqual([401, 401, 401]);
    const v2 = await fetch(`${url}/v2/speaker/1`, { method: 'DELETE' });
    expect(v2.status).toBe(401);
  });

  it('answers the learner’s token a 403 with Bearer error="insufficient_scope" on a DELETE', async () => {
    const url = await start(await conference());
    const issued = await fetch(`${url}/oauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=learner&password=hyperpipe&client_id=workshop&client_secret=workshop-secret',
    });
    const { access_token } = (await issued.json()) as { access_token: string };
    const denied = await fetch(`${url}/speaker/1`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('www-authenticate')).toBe(
      'Bearer realm="conference", error="insufficient_scope"',
    );
    // With a password the 403 stands alone: a password is no token to widen.
    const byPassword = await fetch(`${url}/speaker/1`, {
      method: 'DELETE',
      headers: { authorization: basicAuth('learner') },
    });
    expect([byPassword.status, byPassword.headers.get('www-authenticate')]).toEqual([403, null]);
  });

  it('answers a bare "Authorization: Bearer" with 400 invalid_request, not 401', async () => {
    const url = await start(await conference());
    const answer = await fetch(`${url}/speaker/1`, {
      method: 'PATCH',
      headers: { ...json, authorization: 'Bearer' },
      body: '{"name":"Mallory"}',
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('www-authenticate')).toMatch(
      /^Bearer realm="conference", error="invalid_request"/,
    );
  });
});

describe('mistakes in the conference’s authorization configuration', () => {
  it('refuses every write, with a line on stderr, when AuthorizationMiddleware runs after dispatch', async () => {
    const app = await conference((config) =>
      pipeRouting(
        config,
        [
          'routing',
          {
            middleware: [ROUTING_MIDDLEWARE, 'AuthenticationMiddleware', DISPATCH_MIDDLEWARE],
            priority: 1,
          },
        ],
        ['authorization', { middleware: 'AuthorizationMiddleware', priority: 0 }],
      ),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const url = await start(app);
    expect(await anonymousWrites(url)).toEqual([500, 500, 500]);
    expect(String(logged.mock.calls[0])).toContain(
      'Authorization is configured, but nothing judged this request',
    );
  });

  it('refuses every write when AuthorizationMiddleware is left out while rules exist', async () => {
    const app = await conference((config) =>
      pipeRouting(config, [
        'routing',
        {
          middleware: [ROUTING_MIDDLEWARE, 'AuthenticationMiddleware', DISPATCH_MIDDLEWARE],
          priority: 1,
        },
      ]),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const url = await start(app);
    expect(await anonymousWrites(url)).toEqual([500, 500, 500]);
    expect(String(logged.mock.calls[0])).toContain('AuthorizationMiddleware is missing');
  });

  it('refuses to start on a misspelt rule key or method, naming it', async () => {
    const rules = (config: Config) => config.authorization as Record<string, unknown>;
    await expect(
      conference((config) => {
        rules(config)['Conference.V1.Speaker'] = { entities: ['PATCH'], collection: ['POST'] };
      }),
    ).rejects.toThrow(/unknown key "entities" \(did you mean "entity"\?\)/);
    await expect(
      conference((config) => {
        rules(config)['Conference.V1.Speaker'] = { entity: ['PATH'], collection: ['POST'] };
      }),
    ).rejects.toThrow(/names "PATH", which is no HTTP method \(did you mean "PATCH"\?\)/);
  });
});
