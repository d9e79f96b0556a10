import { createApplication, type Middleware, ServiceManager, text } from 'hyperpipe';
import { CircularDependencyError, ServiceNotFoundError } from 'hyperpipe/container';
import { InvalidMiddlewareError } from 'hyperpipe/middleware';
import { ROUTE_RESULT } from 'hyperpipe/router';
import { describe, expect, it } from 'vitest';

describe('what users import by name', () => {
  it('ROUTE_RESULT, from hyperpipe/router, reads the route result between routing and dispatch', async () => {
    const app = createApplication();
    app.pipeRoutingMiddleware();
    app.pipe((request, response, next) => {
      response.headers.set('X-Route', request.getAttribute(ROUTE_RESULT)?.matchedRouteName ?? '-');
      return next();
    });
    app.pipeDispatchMiddleware();
    app.get('/ping', () => text('pong'), 'ping');
    const answer = await app.handle(new Request('http://localhost/ping'));
    expect(answer.headers.get('x-route')).toBe('ping');
  });

  it('InvalidMiddlewareError, from hyperpipe/middleware, is what pipe() throws for a non-middleware', () => {
    expect(() => createApplication().pipe(42 as unknown as Middleware)).toThrow(
      InvalidMiddlewareError,
    );
  });

  it('ServiceNotFoundError and CircularDependencyError, from hyperpipe/container, are what the container throws', () => {
    const container = new ServiceManager({
      factories: { a: (c) => c.get('b'), b: (c) => c.get('a') },
    });
    expect(() => container.get('missing')).toThrow(ServiceNotFoundError);
    expect(() => container.get('a')).toThrow(CircularDependencyError);
  });
});
