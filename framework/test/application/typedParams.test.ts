import {
  type Application,
  createApplication,
  type MiddlewareFunction,
  type MiddlewareInterface,
  type ServerRequest,
  text,
} from 'hyperpipe';
import type { RouteMiddleware, RouteParamNames } from 'hyperpipe/router';
import { describe, expect, expectTypeOf, it } from 'vitest';

/*
 * Route parameters are typed by the route's path, as Hono types them. The type checks of
 * this file are held by `npm run typecheck`: a `@ts-expect-error` line that no longer
 * meets an error fails it.
 */

function call(app: Application, method: string, path: string): Promise<string> {
  return app
    .handle(new Request(`http://localhost${path}`, { method }))
    .then((answer) => answer.text());
}

describe('typed route parameters', () => {
  it("reads the names of a path's placeholders from its text", () => {
    expectTypeOf<RouteParamNames<'/user/{id}'>>().toEqualTypeOf<'id'>();
    expectTypeOf<RouteParamNames<'/user/{id}/post/{slug}.json'>>().toEqualTypeOf<'id' | 'slug'>();
    expectTypeOf<RouteParamNames<'/ping'>>().toEqualTypeOf<never>();
    // A path that is not a literal could hold any name.
    expectTypeOf<RouteParamNames<string>>().toEqualTypeOf<string>();
  });

  it('types the request of middleware given to route() and each verb by the path', async () => {
    const app = createApplication();
    app.get('/user/{id}', (request) => {
      expectTypeOf(request.param).parameter(0).toEqualTypeOf<'id'>();
      // @ts-expect-error: /user/{id} has no {userId}
      request.param('userId');
      return text(`user ${request.param('id')}`);
    });
    app.post('/user/{id}/post/{slug}', (request) =>
      text(`${request.param('id')}/${request.param('slug')}`),
    );
    // @ts-expect-error: /user/{id} has no {name}
    app.put('/user/{id}', (request) => text(request.param('name') ?? ''));
    // @ts-expect-error: /ping has no parameter at all
    app.patch('/ping', (request) => text(request.param('id') ?? ''));
    // @ts-expect-error: /user/{id} has no {slug}
    app.delete('/user/{id}', (request) => text(request.param('slug') ?? ''));
    // @ts-expect-error: /user/{id} has no {uid}
    app.route('/user/{id}', (request) => text(request.param('uid') ?? ''), ['OPTIONS']);

    expect(await call(app, 'GET', '/user/7')).toBe('user 7');
    expect(await call(app, 'POST', '/user/7/post/hello')).toBe('7/hello');
  });

  it('still takes middleware written for any path: a function, an object, a list', async () => {
    const anyPath: MiddlewareFunction = (request) => text(`any ${request.param('id')}`);
    const handler: MiddlewareInterface = {
      process: (request: ServerRequest) => text(`object ${request.param('id')}`),
    };
    const app = createApplication();
    app.get('/a/{id}', anyPath);
    app.get('/b/{id}', handler);
    app.get('/c/{id}', [handler]);
    expect(await call(app, 'GET', '/a/1')).toBe('any 1');
    expect(await call(app, 'GET', '/b/2')).toBe('object 2');
    expect(await call(app, 'GET', '/c/3')).toBe('object 3');
  });

  it('types middleware written apart from its route with RouteMiddleware', async () => {
    const showUser: RouteMiddleware<'/user/{id}'> = (request) =>
      text(`user ${request.param('id')}`);
    // @ts-expect-error: /user/{id} has no {name}
    const misnamed: RouteMiddleware<'/user/{id}'> = (request) => text(request.param('name') ?? '');
    const app = createApplication();
    app.get('/user/{id}', showUser);
    expect(misnamed).toBeTypeOf('function');
    expect(await call(app, 'GET', '/user/9')).toBe('user 9');
  });
});
