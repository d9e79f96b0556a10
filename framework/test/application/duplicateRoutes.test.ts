import { type Application, createApplication, Route } from 'hyperpipe';
import { describe, expect, it } from 'vitest';
import { handler } from '../router/support.ts';

/** An application that accepted these routes. */
function appWith(...routes: Route[]): Application {
  const app = createApplication();
  for (const route of routes) app.route(route);
  return app;
}

function route(path: string, methods?: string[], name?: string): Route {
  return new Route(path, handler(path), methods, name);
}

describe('Application refuses duplicate routes', () => {
  it.each([
    ['the same single method', ['GET'], ['GET']],
    ['lists that share one method', ['GET', 'POST'], ['PUT', 'POST']],
    ['methods written in another case', ['get'], ['GET']],
    ['any method, then a list', undefined, ['DELETE']],
    ['a list, then any method', ['PATCH'], undefined],
    ['any method twice', undefined, undefined],
  ])('refuses the same path again with %s', (_case, first, second) => {
    const app = appWith(route('/users', first, 'first'));
    expect(() => app.route(route('/users', second, 'second'))).toThrow(
      /^Duplicate route: "\/users" already answers /,
    );
    expect(app.routes).toHaveLength(1);
  });

  it('names the methods of the route it clashes with', () => {
    const app = appWith(route('/users', ['GET', 'POST']));
    expect(() => app.route(route('/users', ['POST'], 'other'))).toThrow(
      'Duplicate route: "/users" already answers GET, POST; a path may be registered again only for other methods',
    );
    const anyMethod = appWith(route('/users'));
    expect(() => anyMethod.route(route('/users', ['GET']))).toThrow('already answers every method');
  });

  it('accepts the same path for other methods, keeping the order of addition', () => {
    const get = route('/users', ['GET']);
    const post = route('/users', ['POST']);
    const put = route('/users', ['PUT', 'PATCH']);
    expect(appWith(get, post, put).routes).toEqual([get, post, put]);
  });

  it('accepts other paths with the same methods', () => {
    const app = appWith(route('/users', ['GET']), route('/users/{id}', ['GET']));
    expect(app.routes).toHaveLength(2);
  });

  it.each([
    ['a list', ['GET']],
    ['any method', undefined],
    ['another empty list', []],
  ])('lets an empty method list share its path with %s', (_case, methods) => {
    const empty = route('/ping', [], 'empty');
    const other = route('/ping', methods, 'other');
    expect(appWith(empty, other).routes).toEqual([empty, other]);
    expect(
      appWith(route('/ping', methods, 'other'), route('/ping', [], 'empty')).routes,
    ).toHaveLength(2);
  });

  it('refuses a second route of the same name, whatever its path', () => {
    const app = appWith(route('/users', ['GET'], 'users'));
    expect(() => app.route(route('/people', ['GET'], 'users'))).toThrow(
      'A route named "users" already exists: GET /users, added first. The new GET /people ' +
        'cannot take its name. If it replaces the old one, remove the old registration; ' +
        'otherwise give the new one another name.',
    );
  });

  it('refuses a route whose default name equals an earlier explicit name', () => {
    const app = appWith(route('/a', ['GET'], '/b^GET'));
    expect(() => app.route(route('/b', ['GET']))).toThrow('A route named "/b^GET" already exists');
  });

  it('accepts a route after refusing one, as if the refused one had never been added', () => {
    const app = appWith(route('/users', ['GET'], 'users'));
    expect(() => app.route(route('/users', ['GET'], 'again'))).toThrow();
    app.route(route('/users', ['POST'], 'again'));
    expect(app.routes.map((added) => added.name)).toEqual(['users', 'again']);
  });
});
