import {
  Application,
  ApplicationFactory,
  createContainer,
  type MiddlewareFunction,
  ServiceManager,
  text,
} from 'hyperpipe';
import type { Config } from 'hyperpipe/config';
import { FindMyWayRouter, PatternRouter, ROUTE_RESULT, type Router } from 'hyperpipe/router';
import { describe, expect, it, vi } from 'vitest';
import { MethodNotAllowedError } from '../../src/http/HttpError.ts';

const { ROUTING_MIDDLEWARE, DISPATCH_MIDDLEWARE } = ApplicationFactory;
const quiet = () => {};

/** Builds the application from `config` (plus extra services) the way createContainer does. */
function appFrom(config: Config, services: Record<string, unknown> = {}): Application {
  return createContainer({
    ...config,
    dependencies: { services: { ErrorLogger: quiet, ...services } },
  }).get(Application);
}

async function bodyOf(app: Application, path: string, method = 'GET'): Promise<string> {
  return (await app.handle(new Request(`http://localhost${path}`, { method }))).text();
}

/** Middleware that logs `name` and passes on. */
function logging(log: string[], name: string): MiddlewareFunction {
  return (_request, _response, next) => {
    log.push(name);
    return next();
  };
}

describe.each([
  ['FindMyWayRouter', () => new FindMyWayRouter()],
  ['PatternRouter', () => new PatternRouter()],
] as const)('routes from configuration with %s', (_name, makeRouter: () => Router) => {
  it('honour allowed_methods and options.tokens', async () => {
    const app = appFrom(
      {
        routes: [
          {
            path: '/user/{id}',
            middleware: 'UserHandler',
            allowed_methods: ['GET', 'PATCH'],
            options: { tokens: { id: '\\d+' } },
          },
        ],
      },
      {
        Router: makeRouter(),
        UserHandler: (request: { param(n: string): string }) => text(`user ${request.param('id')}`),
      },
    );
    expect(await bodyOf(app, '/user/42')).toBe('user 42');
    expect(await bodyOf(app, '/user/42', 'PATCH')).toBe('user 42');
    const wrongMethod = await app.handle(
      new Request('http://localhost/user/42', { method: 'DELETE' }),
    );
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'GET,HEAD,PATCH']);
    expect((await app.handle(new Request('http://localhost/user/abc'))).status).toBe(404);
  });
});

describe('ApplicationFactory', () => {
  it('uses the Router service when there is one', () => {
    const router = new PatternRouter();
    expect(appFrom({}, { Router: router }).router).toBe(router);
  });

  it('routes without a middleware_pipeline get routing and dispatch piped automatically', async () => {
    const app = appFrom({ routes: [{ path: '/', middleware: () => text('home') }] });
    expect(await bodyOf(app, '/')).toBe('home');
  });

  it('route middleware named as a service is fetched only when its route matches', async () => {
    const handler = vi.fn(() => text('lazy'));
    const factory = vi.fn(() => handler);
    const container = createContainer({
      routes: [{ path: '/lazy', middleware: 'Lazy', allowed_methods: ['GET'] }],
      dependencies: { factories: { Lazy: factory } },
    });
    const app = container.get(Application);
    await bodyOf(app, '/elsewhere');
    expect(factory).not.toHaveBeenCalled();
    expect(await bodyOf(app, '/lazy')).toBe('lazy');
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('a pipeline list runs by priority, equal priorities in list order', async () => {
    const log: string[] = [];
    const app = appFrom({
      middleware_pipeline: [
        { middleware: logging(log, 'error-ish'), priority: -1 },
        { middleware: logging(log, 'bootstrap'), priority: 100 },
        ROUTING_MIDDLEWARE,
        { middleware: logging(log, 'after-routing') },
        DISPATCH_MIDDLEWARE,
      ],
      routes: [{ path: '/', middleware: () => text('home') }],
    });
    await bodyOf(app, '/nowhere');
    expect(log).toEqual(['bootstrap', 'after-routing', 'error-ish']);
  });

  it('a pipeline map is read in key order, its keys only naming entries, and sorted by priority', async () => {
    const log: string[] = [];
    const app = appFrom({
      middleware_pipeline: {
        late: { middleware: logging(log, 'late'), priority: -10 },
        always: { middleware: [ROUTING_MIDDLEWARE, logging(log, 'routed'), DISPATCH_MIDDLEWARE] },
        early: { middleware: logging(log, 'early'), priority: 10 },
      },
      routes: [{ path: '/', middleware: () => text('home') }],
    });
    expect(await bodyOf(app, '/')).toBe('home');
    expect(log).toEqual(['early', 'routed']);
    await bodyOf(app, '/nowhere');
    expect(log.slice(2)).toEqual(['early', 'routed', 'late']);
  });

  it('the constants inside a middleware list place routing and dispatch around what sits between', async () => {
    const seen: (string | undefined)[] = [];
    const app = appFrom({
      middleware_pipeline: [
        {
          middleware: [
            ROUTING_MIDDLEWARE,
            ((request, _response, next) => {
              seen.push(request.getAttribute(ROUTE_RESULT)?.matchedRouteName);
              return next();
            }) satisfies MiddlewareFunction,
            DISPATCH_MIDDLEWARE,
          ],
        },
      ],
      routes: [{ path: '/a', middleware: () => text('a'), allowed_methods: ['GET'] }],
    });
    expect(await bodyOf(app, '/a')).toBe('a');
    expect(seen).toEqual(['/a^GET']);
  });

  it('an entry with a path and a service name marked error: true handles routing errors lazily', async () => {
    const errorHandler = vi.fn((error: unknown) =>
      text(`json problem: ${(error as Error).constructor.name}`, { status: 405 }),
    );
    const app = appFrom(
      {
        middleware_pipeline: [
          ROUTING_MIDDLEWARE,
          DISPATCH_MIDDLEWARE,
          { path: '/api', middleware: 'ApiErrors', error: true, priority: -100 },
        ],
        routes: [{ path: '/api/x', middleware: () => text('x'), allowed_methods: ['GET'] }],
      },
      { ApiErrors: errorHandler },
    );
    expect(await bodyOf(app, '/api/x')).toBe('x');
    expect(errorHandler).not.toHaveBeenCalled();
    expect(await bodyOf(app, '/api/x', 'POST')).toBe('json problem: MethodNotAllowedError');
    expect(errorHandler.mock.calls[0]?.[0]).toBeInstanceOf(MethodNotAllowedError);
  });

  it('routes with a pipeline that lacks the routing constant are refused', () => {
    expect(() =>
      appFrom({
        middleware_pipeline: [{ middleware: () => text('hi') }],
        routes: [{ path: '/', middleware: () => text('home') }],
      }),
    ).toThrow(/middleware_pipeline has no ApplicationFactory\.ROUTING_MIDDLEWARE/);
  });

  it('routes with a pipeline that routes but never dispatches are refused', () => {
    expect(() =>
      appFrom({
        middleware_pipeline: [ROUTING_MIDDLEWARE],
        routes: [{ path: '/', middleware: () => text('home') }],
      }),
    ).toThrow(/middleware_pipeline has no ApplicationFactory\.DISPATCH_MIDDLEWARE/);
  });

  it('debug: true in the configuration shows error details', async () => {
    const app = appFrom({
      debug: true,
      routes: [
        {
          path: '/',
          middleware: () => {
            throw new Error('detail for developers');
          },
        },
      ],
    });
    expect(await bodyOf(app, '/')).toContain('detail for developers');
  });

  it('works without a config service', async () => {
    const app = ApplicationFactory(new ServiceManager());
    expect((await app.handle(new Request('http://localhost/'))).status).toBe(404);
  });

  it.each([
    [
      'a list entry that is not an object',
      { middleware_pipeline: [() => text('')] },
      'entry #0: it is not an object',
    ],
    [
      'an entry without middleware',
      { middleware_pipeline: { auth: { path: '/x' } } },
      'entry auth: "middleware" is missing',
    ],
    [
      'a path that is not a string',
      { middleware_pipeline: [ROUTING_MIDDLEWARE, { middleware: 'A', path: 5 }] },
      'entry #1: "path" must be a string',
    ],
    [
      'an error flag that is not boolean',
      { middleware_pipeline: { cors: { middleware: 'A', error: 'yes' } } },
      'entry cors: "error" must be true or false',
    ],
    [
      'a priority that is not a number',
      { middleware_pipeline: { cors: { middleware: 'A', priority: 'high' } } },
      'entry cors: "priority" must be a number',
    ],
    [
      'an unknown key',
      { middleware_pipeline: { cors: { middleware: 'A', prority: 2 } } },
      'entry cors: unknown key "prority"',
    ],
    [
      'middleware of the wrong shape',
      { middleware_pipeline: { bad: { middleware: 42 } } },
      'entry bad: The number 42 is not middleware',
    ],
    [
      'a non-literal path',
      { middleware_pipeline: { bad: { middleware: 'A', path: '/u/{id}' } } },
      'entry bad: Pipeline path "/u/{id}" must be a literal path',
    ],
    [
      'a pipeline that is neither list nor map',
      { middleware_pipeline: 'A' },
      '"middleware_pipeline" must be a list or a map',
    ],
  ])('refuses %s, naming the entry', (_name, config, message) => {
    expect(() => appFrom(config as Config)).toThrow(message);
  });

  it.each([
    ['a route that is not an object', { routes: ['/x'] }, 'Invalid route #0: it is not an object'],
    [
      'a route without a path',
      { routes: [{ middleware: 'A' }] },
      'Invalid route #0: "path" must be a string',
    ],
    [
      'a route without middleware',
      { routes: [{ path: '/' }] },
      'Invalid route #0: "middleware" is missing',
    ],
    [
      'allowed_methods that is not a list',
      { routes: [{ path: '/', middleware: 'A', allowed_methods: 'GET' }] },
      'Invalid route #0: "allowed_methods" must be a list',
    ],
    [
      'options that are not an object',
      { routes: [{ path: '/', middleware: 'A', options: [] }] },
      'Invalid route #0: "options" must be an object',
    ],
    [
      'an unknown route key',
      { routes: [{ path: '/', middleware: 'A', method: 'GET' }] },
      'Invalid route #0: unknown key "method"',
    ],
    [
      'a token for a missing placeholder',
      { routes: [{ path: '/', middleware: 'A', options: { tokens: { id: '\\d+' } } }] },
      'Invalid route #0: Route "/" has a token for "id"',
    ],
    [
      'a misspelt option, which would leave the route without its rule',
      { routes: [{ path: '/', middleware: 'A', options: { authenticaton: false } }] },
      'Invalid route #0: Route "/" has an unknown option "authenticaton"; the options are tokens, allow, authentication, resource',
    ],
    [
      'an option of the wrong kind',
      { routes: [{ path: '/', middleware: 'A', options: { authentication: 'no' } }] },
      'Invalid route #0: Route "/" has an invalid "authentication" option: "no"',
    ],
    ['routes that are not a list', { routes: { path: '/' } }, '"routes" must be a list'],
  ])('refuses %s, naming the route', (_name, config, message) => {
    expect(() => appFrom(config as Config)).toThrow(message);
  });

  it('the second of two bad routes is named by its index', () => {
    expect(() =>
      appFrom({
        routes: [
          { path: '/', middleware: 'A' },
          { path: 7, middleware: 'B' },
        ],
      }),
    ).toThrow('Invalid route #1');
  });
});

describe('ApplicationFactory pipeline entries', () => {
  it('error: true on a list reaches the lazy error middleware inside it', async () => {
    const app = appFrom(
      {
        middleware_pipeline: [
          ROUTING_MIDDLEWARE,
          DISPATCH_MIDDLEWARE,
          { middleware: ['ErrorHandler'], error: true, priority: -100 },
        ],
        routes: [{ path: '/x', middleware: () => text('x'), allowed_methods: ['GET'] }],
      },
      { ErrorHandler: (_error: unknown) => text('handled', { status: 405 }) },
    );
    expect(await bodyOf(app, '/x', 'POST')).toBe('handled');
  });

  it('the constants are registered symbols, so a second copy of the module still finds them', async () => {
    const app = appFrom({
      middleware_pipeline: [
        Symbol.for('hyperpipe.ApplicationFactory.ROUTING_MIDDLEWARE'),
        Symbol.for('hyperpipe.ApplicationFactory.DISPATCH_MIDDLEWARE'),
      ],
      routes: [{ path: '/x', middleware: () => text('x') }],
    });
    expect(await bodyOf(app, '/x')).toBe('x');
  });

  it('an invalid entry is described in sentences without a doubled period', () => {
    expect(() => appFrom({ middleware_pipeline: [{ middleware: 42 as never }] })).toThrow(
      /a list of these\. A valid entry/,
    );
  });
});
