import {
  createTargetApp,
  expectResponse,
  expectThat,
  loadCreateApp,
  readTargetConfig,
  send,
  withLocalConfig,
} from '@hyperpipe/cli/harness';
import type { Application } from 'hyperpipe';
import { describe, expect, it } from 'vitest';

interface RouteEntry {
  path?: unknown;
  middleware?: unknown;
}

async function configuredRoutes(): Promise<RouteEntry[]> {
  const { routes } = await readTargetConfig();
  return Array.isArray(routes) ? (routes as RouteEntry[]) : [];
}

/**
 * Calls the target's createApp() as the workshop does, from a working directory that is
 * not the project's: when it throws, the failure names the hint about src/app.ts.
 */
async function buildApp(): Promise<Application> {
  const createApp = await loadCreateApp();
  try {
    return await createApp();
  } catch (error) {
    // loadConfig's own message says when a relative folder was read from the wrong place.
    const message = error instanceof Error ? error.message : String(error);
    expectThat(false, {
      expected: [
        'createApp() builds the application from config/autoload (the given code of',
        'src/app.ts) and returns container.get(Application), whatever the working directory',
      ],
      received: [`createApp() threw: ${message}`],
      hint: 4,
    });
  }
}

describe('step 03: configuration and the container', () => {
  it('lists GET /hello/{name} in the routes of config/autoload', async () => {
    const routes = await configuredRoutes();
    expectThat(
      routes.some((route) => route.path === '/hello/{name}'),
      {
        expected: 'a route { path: "/hello/{name}", … } in the `routes` of config/autoload',
        received: `routes: ${JSON.stringify(routes.map((route) => route.path))}`,
        hint: 1,
      },
    );
  });

  it('names the middleware of every configured route by service', async () => {
    const routes = await configuredRoutes();
    const unnamed = routes.filter((route) => typeof route.middleware !== 'string');
    expectThat(routes.length >= 4 && unnamed.length === 0, {
      expected: [
        'the routes GET /, GET /ping, POST /post and GET /hello/{name} in config/autoload,',
        'each with a service name as middleware, such as "PingHandler"',
      ],
      received: routes.map((route) => `${route.path}: ${typeof route.middleware}`),
      hint: 1,
    });
  });

  it('builds the application with the container, which makes every service the routes name', async () => {
    const app = await buildApp();
    expectThat(app.container, {
      expected: [
        'createApp() returns container.get(Application), whose container is set:',
        'the given code at the top of src/app.ts',
      ],
      received: 'an application without a container (made by createApplication())',
      hint: 4,
    });
    const { container } = app;
    const names = app.routes.flatMap((route) =>
      typeof route.middleware === 'string' ? [route.middleware] : [],
    );
    const missing = names.filter((name) => !container.has(name));
    expectThat(names.length > 0 && missing.length === 0, {
      expected: 'a service in `dependencies` for each middleware name the routes use',
      received:
        names.length === 0
          ? 'no route names a service'
          : `no service for: ${missing.map((name) => `"${name}"`).join(', ')}`,
      hint: 6,
    });
    // Each service is made only when its route first matches: a request per route makes them.
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/ping'],
      ['POST', '/post'],
      ['GET', '/hello/Ada'],
    ] as const) {
      const exchange = await send(method, path);
      expectThat(exchange.status !== 500, {
        expected: [
          `${method} ${path} answered by its service, not a 500: each service in`,
          '`dependencies` is middleware, made as its kind says (value, class or factory)',
        ],
        exchange,
        hint: 6,
      });
    }
  });

  it('greets with the configured greeting: HelloHandler gets it from the container', async () => {
    const exchange = await withLocalConfig({ greeting: 'Bonjour' }, async () =>
      send('GET', '/hello/Ada', { app: await createTargetApp() }),
    );
    expectThat(exchange.status === 200 && exchange.text === 'Bonjour, Ada!', {
      expected: [
        '200 "Bonjour, Ada!" while config/autoload/check-<pid>.local.json holds',
        '{ "greeting": "Bonjour" }: the factory of HelloHandler passes it the `greeting`',
        'of the merged configuration',
      ],
      exchange,
      hint: 6,
    });
  });

  it('answers GET /hello/Ada with "Hello, Ada!", and GET /hello/Ada42 with 404: a token keeps {name} to letters', async () => {
    const exchange = await send('GET', '/hello/Ada');
    expectResponse(
      exchange,
      { status: 200, headers: { 'content-type': /^text\/plain/ }, text: 'Hello, Ada!' },
      { hint: 9 },
    );
    // Only once /hello/{name} answers does a 404 here say that the token is in place.
    expectResponse(await send('GET', '/hello/Ada42'), { status: 404 }, { hint: 9 });
    expectResponse(await send('GET', '/hello/Ada_Lovelace'), { status: 404 }, { hint: 9 });
  });

  it('answers POST /hello/Ada with 405 and Allow: GET,HEAD: the route names its methods', async () => {
    const exchange = await send('POST', '/hello/Ada');
    expectResponse(exchange, { status: 405, headers: { allow: 'GET,HEAD' } }, { hint: 1 });
  });

  it('still refuses the methods the other routes do not name: DELETE /, POST /ping and PUT /post', async () => {
    // Allow compared whole: a route configured with one method more would take it.
    for (const [method, path, allow] of [
      ['DELETE', '/', 'GET,HEAD'],
      ['POST', '/ping', 'GET,HEAD'],
      ['PUT', '/post', 'POST'],
    ] as const) {
      expectResponse(await send(method, path), { status: 405, headers: { allow } }, { hint: 1 });
    }
  });

  it('still answers GET /, GET /ping and POST /post', async () => {
    expectResponse(await send('GET', '/'), { status: 200, text: /hello/i }, { hint: 1 });
    expectResponse(
      await send('GET', '/ping'),
      { status: 200, json: { ack: expect.any(Number) } },
      { hint: 1 },
    );
    expectResponse(await send('POST', '/post'), { status: 200, text: /\S/ }, { hint: 1 });
  });
});
