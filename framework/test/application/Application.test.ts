import {
  type Application,
  type Container,
  createApplication,
  errorMiddleware,
  HttpError,
  json,
  Route,
  ServiceManager,
  text,
} from 'hyperpipe';
import { ApiProblem } from 'hyperpipe/problem';
import { FindMyWayRouter, PatternRouter, ROUTE_RESULT, type Router } from 'hyperpipe/router';
import { describe, expect, it, vi } from 'vitest';
import { MethodNotAllowedError } from '../../src/http/HttpError.ts';
import { InvalidMiddlewareError } from '../../src/middleware/InvalidMiddlewareError.ts';

const quiet = { onError: () => {} };

function call(app: Application, method: string, path: string): Promise<Response> {
  return app.handle(new Request(`http://localhost${path}`, { method }));
}

async function bodyOf(app: Application, method: string, path: string): Promise<string> {
  return (await call(app, method, path)).text();
}

const answer = (body: string) => () => text(body);

describe.each([
  ['FindMyWayRouter', () => new FindMyWayRouter()],
  ['PatternRouter', () => new PatternRouter()],
] as const)('Application with %s', (_name, makeRouter: () => Router) => {
  const make = (options = {}) => createApplication({ router: makeRouter(), ...quiet, ...options });

  it.each(['get', 'post', 'put', 'patch', 'delete'] as const)(
    '%s() answers that one method and 405s the others',
    async (verb) => {
      const app = make();
      app[verb]('/thing', answer(verb));
      expect(await bodyOf(app, verb.toUpperCase(), '/thing')).toBe(verb);
      const other = verb === 'post' ? 'PUT' : 'POST';
      const response = await call(app, other, '/thing');
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe(verb === 'get' ? 'GET,HEAD' : verb.toUpperCase());
    },
  );

  it('route() without methods answers the common methods', async () => {
    const app = make();
    app.route('/any', (request) => text(request.method));
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      expect(await bodyOf(app, method, '/any')).toBe(method);
    }
  });

  it('route() with a list answers those methods, and 405s others with Allow comma-joined', async () => {
    const app = make();
    app.route('/form', (request) => text(request.method), ['GET', 'POST']);
    expect(await bodyOf(app, 'POST', '/form')).toBe('POST');
    const response = await call(app, 'DELETE', '/form');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET,HEAD,POST');
  });

  it('route() with an empty list still honours OPTIONS, but not POST', async () => {
    const app = make();
    app.route('/ping', answer('options'), []);
    expect(await bodyOf(app, 'OPTIONS', '/ping')).toBe('options');
    expect((await call(app, 'POST', '/ping')).status).toBe(405);
  });

  it('route() takes a Route object', async () => {
    const app = make();
    const route = app.route(new Route('/r', answer('route object'), ['PUT']));
    expect(route.methods).toEqual(['PUT']);
    expect(await bodyOf(app, 'PUT', '/r')).toBe('route object');
  });

  it('the same path may carry different middleware for different methods (SPEC 4.1 rule 1)', async () => {
    const app = make();
    app.get('/user', answer('list'));
    app.post('/user', answer('create'));
    expect(await bodyOf(app, 'GET', '/user')).toBe('list');
    expect(await bodyOf(app, 'POST', '/user')).toBe('create');
  });

  it('route parameters reach the middleware decoded, and so does the route result', async () => {
    const app = make();
    app.get('/user/{name}', (request) =>
      json({
        name: request.param('name'),
        route: request.getAttribute(ROUTE_RESULT)?.matchedRouteName,
      }),
    );
    expect(JSON.parse(await bodyOf(app, 'GET', '/user/J%C3%BCrgen'))).toEqual({
      name: 'Jürgen',
      route: '/user/{name}^GET',
    });
  });

  it('an unmatched path ends in the final handler 404', async () => {
    const app = make();
    app.get('/known', answer('known'));
    const response = await call(app, 'GET', '/unknown');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Cannot GET /unknown');
  });

  it('an unmatched path continues down the pipe past routing', async () => {
    const app = make();
    app.get('/known', answer('known'));
    app.pipe(answer('fallback'));
    expect(await bodyOf(app, 'GET', '/unknown')).toBe('fallback');
    expect(await bodyOf(app, 'GET', '/known')).toBe('known');
  });

  it('a 405 reaches error middleware as a MethodNotAllowedError', async () => {
    const app = make();
    app.get('/only-get', answer('got'));
    const seen: unknown[] = [];
    app.pipe(
      '/',
      (error: unknown, _request: unknown, _response: unknown, next: () => Promise<Response>) => {
        seen.push(error);
        return next();
      },
      { priority: -1 },
    );
    const response = await call(app, 'POST', '/only-get');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(MethodNotAllowedError);
    expect((seen[0] as MethodNotAllowedError).allowedMethods).toEqual(['GET', 'HEAD']);
    expect([response.status, response.headers.get('allow')]).toEqual([405, 'GET,HEAD']);
  });

  it('HEAD is answered by the GET route with its headers and without a body', async () => {
    const app = make();
    app.get('/page', () => text('a body HEAD must not carry', { headers: { 'X-Page': '1' } }));
    const response = await call(app, 'HEAD', '/page');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-page')).toBe('1');
    expect(response.body).toBeNull();
  });

  it('generateUri builds a named route, and names an unknown route in its error', () => {
    const app = make();
    app.get('/user/{id}', answer('user'), 'user');
    expect(app.generateUri('user', { id: '42' })).toBe('/user/42');
    expect(() => app.generateUri('nope')).toThrow(
      'Cannot generate URI for route "nope"; route not found',
    );
  });

  it('route middleware given as a service name is fetched only when its route matches (SPEC 4.1 rule 2)', async () => {
    const received: unknown[][] = [];
    const manager = new ServiceManager({
      services: {
        UserHandler: (...args: unknown[]) => {
          received.push(args);
          return text('user handler');
        },
      },
    });
    const container: Container = {
      has: vi.fn((n) => manager.has(n)),
      get: vi.fn((n) => manager.get(n)),
    };
    const app = make({ container });
    app.get('/user', 'UserHandler');
    app.get('/other', answer('other'));
    expect(container.get).not.toHaveBeenCalled();
    await call(app, 'GET', '/other');
    await call(app, 'POST', '/user');
    expect(container.get).not.toHaveBeenCalled();
    expect(await bodyOf(app, 'GET', '/user')).toBe('user handler');
    expect(container.get).toHaveBeenCalledWith('UserHandler');
    // Invoked as normal middleware: (request, response, next).
    const [request, response, next] = received[0] ?? [];
    expect((request as { path: string }).path).toBe('/user');
    expect((response as { status: number }).status).toBe(200);
    expect(typeof next).toBe('function');
  });

  it('mounts a /blog and an /api application in a parent', async () => {
    const blog = make();
    blog.get('/', answer('blog index'));
    blog.get('/{slug}', (request) => text(`post ${request.param('slug')} at ${request.basePath}`));
    const api = make();
    api.get('/ping', answer('pong'));
    const parent = make();
    parent.pipe('/blog', blog);
    parent.pipe('/api', api);
    expect(await bodyOf(parent, 'GET', '/blog')).toBe('blog index');
    expect(await bodyOf(parent, 'GET', '/blog/pipes')).toBe('post pipes at /blog');
    expect(await bodyOf(parent, 'GET', '/api/ping')).toBe('pong');
    const missing = await call(parent, 'GET', '/apiary');
    expect([missing.status, await missing.text()]).toEqual([404, 'Cannot GET /apiary']);
  });

  it('a mounted application passes requests it does not match on to the parent', async () => {
    const api = make();
    api.get('/ping', answer('pong'));
    const parent = make();
    parent.pipe('/api', api);
    parent.pipe((request) => text(`parent saw ${request.path}`));
    expect(await bodyOf(parent, 'GET', '/api/nothing')).toBe('parent saw /api/nothing');
  });

  it("a mounted application's unhandled error reaches the parent's error middleware", async () => {
    const api = make();
    api.get('/fail', () => {
      throw new Error('api broke');
    });
    const parent = make();
    parent.pipe('/api', api);
    parent.pipe('/', (error: unknown, _q: unknown, _s: unknown, _n: unknown) =>
      text(`parent handled ${(error as Error).message}`),
    );
    expect(await bodyOf(parent, 'GET', '/api/fail')).toBe('parent handled api broke');
  });
});

describe('Application error answers', () => {
  const failing = (options = {}) => {
    const app = createApplication({ ...quiet, ...options });
    app.get('/fail', () => {
      throw new Error('secret database password');
    });
    return app;
  };

  it('an unhandled error is a 500 that hides the message', async () => {
    const response = await call(failing(), 'GET', '/fail');
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toBe('Internal Server Error');
  });

  it('with debug: true the 500 shows the message and the stack', async () => {
    const body = await bodyOf(failing({ debug: true }), 'GET', '/fail');
    expect(body).toContain('Error: secret database password');
    expect(body).toMatch(/\n\s+at /);
  });

  it('onError receives server errors with the request', async () => {
    const onError = vi.fn();
    await call(failing({ onError }), 'GET', '/fail');
    expect(onError).toHaveBeenCalledTimes(1);
    const [error, request] = onError.mock.calls[0] ?? [];
    expect((error as Error).message).toBe('secret database password');
    expect((request as { path: string }).path).toBe('/fail');
  });

  it('onError is not called for client errors such as 404 and 405', async () => {
    const onError = vi.fn();
    const app = failing({ onError });
    await call(app, 'GET', '/missing');
    await call(app, 'POST', '/fail');
    expect(onError).not.toHaveBeenCalled();
  });

  it('error answers keep headers outer middleware set, such as CORS headers', async () => {
    const app = failing();
    app.pipe(
      '/',
      (request, response, next) => {
        response.headers.set('Access-Control-Allow-Origin', '*');
        return next(request, response);
      },
      { priority: 100 },
    );
    for (const path of ['/fail', '/missing']) {
      const response = await call(app, 'GET', path);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('an error answer is plain text even when outer middleware chose another content type', async () => {
    const app = failing();
    app.pipe(
      '/',
      (request, response, next) => {
        response.headers.set('Content-Type', 'application/hal+json');
        return next(request, response);
      },
      { priority: 100 },
    );
    for (const path of ['/fail', '/missing']) {
      const response = await call(app, 'GET', path);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    }
  });

  it('an unhandled client HttpError answers with its status, message and headers', async () => {
    const onError = vi.fn();
    const app = createApplication({ onError });
    app.get('/busy', () => {
      throw new HttpError(409, 'Already booked', { headers: { 'X-Reason': 'booked' } });
    });
    const response = await call(app, 'GET', '/busy');
    expect([response.status, response.headers.get('x-reason')]).toEqual([409, 'booked']);
    expect(await response.text()).toBe('Already booked');
    expect(onError).not.toHaveBeenCalled();
  });

  it('an unhandled server HttpError keeps its status but hides its message, and is reported', async () => {
    const onError = vi.fn();
    const app = createApplication({ onError });
    app.get('/down', () => {
      throw new HttpError(503, 'database host db-7 unreachable', {
        headers: { 'Retry-After': '5' },
      });
    });
    const response = await call(app, 'GET', '/down');
    expect([response.status, response.headers.get('retry-after')]).toEqual([503, '5']);
    expect(await response.text()).toBe('Service Unavailable');
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('an unhandled ApiProblem is its problem document at any status, a 5xx one reported', async () => {
    const onError = vi.fn();
    const app = createApplication({ onError });
    app.get('/maintenance', () => {
      throw new ApiProblem(503, 'Down for maintenance until 14:00', {
        headers: { 'retry-after': '600' },
      });
    });
    const response = await call(app, 'GET', '/maintenance');
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('retry-after')).toBe('600');
    // Before, the text "Service Unavailable": its detail and type were lost.
    expect(await response.json()).toMatchObject({
      status: 503,
      detail: 'Down for maintenance until 14:00',
    });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('handle() resolves even when middleware throws a non-Error value', async () => {
    const app = createApplication(quiet);
    app.pipe(() => {
      throw 'a string';
    });
    expect((await call(app, 'GET', '/')).status).toBe(500);
  });

  it('a HEAD request that ends in 404 has no body either', async () => {
    const response = await call(createApplication(quiet), 'HEAD', '/nothing');
    expect(response.status).toBe(404);
    expect(response.body).toBeNull();
  });
});

describe('Application pipeline wiring', () => {
  it('the first route pipes routing and dispatch, so the route answers', async () => {
    const app = createApplication(quiet);
    app.get('/', answer('home'));
    expect(await bodyOf(app, 'GET', '/')).toBe('home');
  });

  it('routing and dispatch piped by hand are not piped again; middleware between them sees the route result', async () => {
    const app = createApplication(quiet);
    const seen: (string | undefined)[] = [];
    app.pipeRoutingMiddleware();
    app.pipe((request, _response, next) => {
      seen.push(request.getAttribute(ROUTE_RESULT)?.matchedRouteName);
      return next();
    });
    app.pipeDispatchMiddleware();
    app.get('/x', answer('x'));
    app.get('/y', answer('y'));
    expect(await bodyOf(app, 'GET', '/x')).toBe('x');
    expect(seen).toEqual(['/x^GET']);
  });

  it('routing piped by hand without dispatch: adding a route does not pipe either', async () => {
    const app = createApplication(quiet);
    app.pipeRoutingMiddleware();
    app.get('/x', answer('x'));
    expect(() => app.pipeDispatchMiddleware()).not.toThrow();
    expect(await bodyOf(app, 'GET', '/x')).toBe('x');
  });

  it.each([
    ['routing', (app: Application) => app.pipeRoutingMiddleware()],
    ['dispatch', (app: Application) => app.pipeDispatchMiddleware()],
  ])('piping %s after the first route throws, explaining why', (what, pipeIt) => {
    const app = createApplication(quiet);
    app.get('/', answer('home'));
    expect(() => pipeIt(app)).toThrow(
      `The ${what} middleware is already in the pipeline. Adding the first route pipes routing and dispatch automatically`,
    );
  });

  it('routing placed by priority runs after higher-priority middleware and before lower', async () => {
    const app = createApplication(quiet);
    const log: string[] = [];
    app.pipe(
      '/',
      (request, _response, next) => {
        log.push(`late sees route: ${request.getAttribute(ROUTE_RESULT) !== undefined}`);
        return next();
      },
      { priority: 0 },
    );
    app.pipe(
      '/',
      (request, _response, next) => {
        log.push(`early sees route: ${request.getAttribute(ROUTE_RESULT) !== undefined}`);
        return next();
      },
      { priority: 5 },
    );
    app.pipeRoutingMiddleware();
    app.get('/nothing-here', answer('x'));
    await call(app, 'GET', '/');
    expect(log).toEqual(['early sees route: false', 'late sees route: true']);
  });

  it('a route refused for its middleware leaves no trace: the corrected route can be added', async () => {
    const app = createApplication(quiet);
    expect(() => app.get('/x', 42 as never)).toThrow(InvalidMiddlewareError);
    expect(() =>
      app.get(
        '/x',
        errorMiddleware(() => text('')),
      ),
    ).toThrow('Route "/x^GET" has error middleware; routes take normal middleware');
    expect(app.routes).toEqual([]);
    app.get('/x', answer('fixed'));
    expect(await bodyOf(app, 'GET', '/x')).toBe('fixed');
  });

  it('app.fetch is app.handle', () => {
    const app = createApplication();
    expect(app.fetch).toBe(app.handle);
  });
});
