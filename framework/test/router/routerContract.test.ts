import { Application, Route } from 'hyperpipe';
import { FindMyWayRouter, RouteResult, type Router } from 'hyperpipe/router';
import { describe, expect, it } from 'vitest';
import { handler, httpErrorOf, ROUTERS } from './support.ts';

/** The eight methods FindMyWayRouter reads "any method" as (SPEC 4.1). */
const EXPLICIT_ANY = ['HEAD', 'OPTIONS', 'GET', 'POST', 'PATCH', 'PUT', 'TRACE', 'DELETE'];

/** A router holding the given routes. */
function routerWith(makeRouter: () => Router, ...routes: Route[]): Router {
  const router = makeRouter();
  for (const route of routes) router.addRoute(route);
  return router;
}

function expectNotFound(result: RouteResult): void {
  expect(result).toBe(RouteResult.NOT_FOUND);
  expect(result.isSuccess).toBe(false);
  expect(result.isMethodFailure).toBe(false);
  expect(result.route).toBeUndefined();
}

function expectMethodFailure(result: RouteResult, allowed: readonly string[]): void {
  expect(result.isSuccess).toBe(false);
  expect(result.isMethodFailure).toBe(true);
  expect(result.route).toBeUndefined();
  expect(result.allowedMethods).toEqual(allowed);
}

describe.each(ROUTERS)('router contract: %s', (name, makeRouter) => {
  const isFindMyWay = name === 'FindMyWayRouter';

  describe('paths', () => {
    it('matches a static path, with no params', () => {
      const route = new Route('/users', handler('users'), ['GET']);
      const result = routerWith(makeRouter, route).match('GET', '/users');
      expect(result.isSuccess).toBe(true);
      expect(result.isMethodFailure).toBe(false);
      expect(result.route).toBe(route);
      expect(result.matchedRouteName).toBe('/users^GET');
      expect(result.params).toEqual({});
    });

    it('matches a {param} and returns its value percent-decoded', () => {
      const route = new Route('/user/{id}', handler('user'), ['GET']);
      const result = routerWith(makeRouter, route).match('GET', '/user/J%C3%BCrgen%20K%2F2');
      expect(result.route).toBe(route);
      expect(result.params).toEqual({ id: 'Jürgen K/2' });
    });

    it('decodes an encoded "%" once, not twice', () => {
      const route = new Route('/user/{id}', handler('user'), ['GET']);
      const result = routerWith(makeRouter, route).match('GET', '/user/%2541');
      expect(result.params).toEqual({ id: '%41' });
    });

    it('matches several params, each under its own name', () => {
      const route = new Route('/user/{user}/post/{post}.{format}', handler('post'), ['GET']);
      const result = routerWith(makeRouter, route).match('GET', '/user/ann/post/42.json');
      expect(result.route).toBe(route);
      expect(result.params).toEqual({ user: 'ann', post: '42', format: 'json' });
    });

    it('matches a placeholder with literal text around it in one segment', () => {
      const route = new Route('/v{version}/items', handler('items'), ['GET']);
      const result = routerWith(makeRouter, route).match('GET', '/v2/items');
      expect(result.params).toEqual({ version: '2' });
    });

    it('returns NOT_FOUND when no path matches', () => {
      const router = routerWith(makeRouter, new Route('/user/{id}', handler('user'), ['GET']));
      expectNotFound(router.match('GET', '/users'));
      expectNotFound(router.match('GET', '/user/1/extra'));
      expectNotFound(router.match('GET', '/'));
    });

    it('returns NOT_FOUND from a router without routes', () => {
      expectNotFound(makeRouter().match('GET', '/anything'));
    });

    it('does not match an empty placeholder value', () => {
      // generateUri refuses empty values, so matching must not produce them either.
      const router = routerWith(makeRouter, new Route('/user/{id}', handler('user'), ['GET']));
      expectNotFound(router.match('GET', '/user/'));
    });

    it('tells a trailing slash apart and compares literal text case-sensitively', () => {
      const router = routerWith(makeRouter, new Route('/users', handler('users'), ['GET']));
      expectNotFound(router.match('GET', '/users/'));
      expectNotFound(router.match('GET', '/Users'));
    });

    it.each([
      ['":"', '/at:{time}/x:y.{format}', '/at:10/x:y.json', { time: '10', format: 'json' }],
      [
        '":" between placeholders',
        '/time/{hour}:{minute}',
        '/time/10:30',
        { hour: '10', minute: '30' },
      ],
      [
        'a letter after a placeholder',
        '/size/{width}x{height}',
        '/size/4x3',
        { width: '4', height: '3' },
      ],
      ['"(" after a placeholder', '/note/{id}(draft)', '/note/7(draft)', { id: '7' }],
    ])('matches literal text that a radix tree reads specially: %s', (_case, path, uri, params) => {
      const route = new Route(path, handler('special'), ['GET']);
      const result = routerWith(makeRouter, route).match('GET', uri);
      expect(result.route).toBe(route);
      expect(result.params).toEqual(params);
    });

    it.each([
      ['an encoded letter', '/users', '/us%65rs'],
      ['non-ASCII text, encoded', '/café', '/caf%C3%A9'],
      ['non-ASCII text, encoded in lower case', '/café', '/caf%c3%a9'],
      ['a space, encoded', '/a b', '/a%20b'],
    ])('matches literal text however the request encodes it: %s', (_case, path, uri) => {
      const route = new Route(path, handler('literal'), ['GET']);
      expect(routerWith(makeRouter, route).match('GET', uri).route).toBe(route);
    });

    it('does not read an encoded "/" as a path separator', () => {
      const router = routerWith(makeRouter, new Route('/a/b', handler('ab'), ['GET']));
      expectNotFound(router.match('GET', '/a%2Fb'));
    });

    it('splits two placeholders of one segment at the last separator', () => {
      const route = new Route('/pair/{a}-{b}', handler('pair'), ['GET']);
      const result = routerWith(makeRouter, route).match('GET', '/pair/x-y-z');
      expect(result.params).toEqual({ a: 'x-y', b: 'z' });
    });

    it('matches a line break in a placeholder that shares its segment with text', () => {
      const route = new Route('/file/{name}.txt', handler('file'), ['GET']);
      const result = routerWith(makeRouter, route).match('GET', '/file/a%0Ab%E2%80%A8.txt');
      expect(result.params).toEqual({ name: 'a\nb\u2028' });
    });
  });

  describe('methods', () => {
    it('answers a path that matches with another method with a method failure', () => {
      const router = routerWith(makeRouter, new Route('/users', handler('list'), ['GET', 'POST']));
      // Every GET route answers HEAD too, so Allow says so.
      expectMethodFailure(router.match('DELETE', '/users'), ['GET', 'HEAD', 'POST']);
    });

    it('lists the allowed methods in registration order, deduplicated, across routes of the path', () => {
      // Two patterns for one path shape: the Allow list is the union of both.
      const router = routerWith(
        makeRouter,
        new Route('/user/{id}', handler('by id'), ['PUT', 'GET']),
        new Route('/user/{name}', handler('by name'), ['GET', 'DELETE', 'PUT', 'PATCH']),
      );
      expectMethodFailure(router.match('POST', '/user/ann'), [
        'PUT',
        'GET',
        'HEAD',
        'DELETE',
        'PATCH',
      ]);
    });

    it('picks the route registered for the method when a path has several', () => {
      const list = new Route('/users', handler('list'), ['GET']);
      const create = new Route('/users', handler('create'), ['POST']);
      const replace = new Route('/users', handler('replace'), ['PUT', 'PATCH']);
      const router = routerWith(makeRouter, list, create, replace);
      expect(router.match('GET', '/users').route).toBe(list);
      expect(router.match('POST', '/users').route).toBe(create);
      expect(router.match('PATCH', '/users').route).toBe(replace);
      expect(router.match('POST', '/users').route?.middleware).toBe(create.middleware);
    });

    it('does not read method names case-insensitively in requests (methods are case-sensitive)', () => {
      const router = routerWith(makeRouter, new Route('/users', handler('list'), ['post']));
      expect(router.match('POST', '/users').isSuccess).toBe(true);
      expectMethodFailure(router.match('post', '/users'), ['POST']);
    });

    if (isFindMyWay) {
      it('reads a route without a method list as exactly the eight explicit methods', () => {
        const route = new Route('/any', handler('any'));
        const router = routerWith(makeRouter, route);
        for (const method of EXPLICIT_ANY) expect(router.match(method, '/any').route).toBe(route);
        expectMethodFailure(router.match('PROPFIND', '/any'), EXPLICIT_ANY);
        expectMethodFailure(router.match('CONNECT', '/any'), EXPLICIT_ANY);
      });
    } else {
      it('reads a route without a method list as any method at all', () => {
        const route = new Route('/any', handler('any'));
        const router = routerWith(makeRouter, route);
        for (const method of [...EXPLICIT_ANY, 'PROPFIND', 'CONNECT', 'PURGE']) {
          expect(router.match(method, '/any').route).toBe(route);
        }
      });
    }

    it('lets a route with an empty method list answer HEAD and OPTIONS only (and GET on FindMyWayRouter)', () => {
      const route = new Route('/ping', handler('ping'), []);
      const router = routerWith(makeRouter, route);
      expect(router.match('HEAD', '/ping').route).toBe(route);
      expect(router.match('OPTIONS', '/ping').route).toBe(route);
      const honoured = isFindMyWay ? ['HEAD', 'OPTIONS', 'GET'] : ['HEAD', 'OPTIONS'];
      if (isFindMyWay) expect(router.match('GET', '/ping').route).toBe(route);
      else expectMethodFailure(router.match('GET', '/ping'), honoured);
      expectMethodFailure(router.match('POST', '/ping'), honoured);
      expectMethodFailure(router.match('DELETE', '/ping'), honoured);
    });

    it('answers HEAD with the GET route when no route lists HEAD', () => {
      const get = new Route('/users', handler('list'), ['GET']);
      const post = new Route('/users', handler('create'), ['POST']);
      const result = routerWith(makeRouter, post, get).match('HEAD', '/users');
      expect(result.route).toBe(get);
    });

    it('does not answer HEAD for a path that has no GET route', () => {
      const router = routerWith(makeRouter, new Route('/users', handler('create'), ['POST']));
      expectMethodFailure(router.match('HEAD', '/users'), ['POST']);
    });

    it.each([
      ['registered after the GET route', false],
      ['registered before the GET route', true],
    ])('prefers a route listing HEAD over the GET route (%s)', (_order, headFirst) => {
      const get = new Route('/users', handler('list'), ['GET']);
      const head = new Route('/users', handler('head'), ['HEAD']);
      const router = headFirst
        ? routerWith(makeRouter, head, get)
        : routerWith(makeRouter, get, head);
      expect(router.match('HEAD', '/users').route).toBe(head);
      expect(router.match('GET', '/users').route).toBe(get);
    });
  });

  describe('tokens', () => {
    it('restricts what a placeholder matches, when set after addRoute', () => {
      const router = makeRouter();
      const route = new Route('/user/{id}', handler('user'), ['GET']);
      router.addRoute(route);
      route.setOptions({ tokens: { id: '\\d+' } });
      expect(router.match('GET', '/user/12').params).toEqual({ id: '12' });
      expectNotFound(router.match('GET', '/user/ab'));
      expectNotFound(router.match('GET', '/user/12ab'));
    });

    it('restricts matches when set on the Route an Application registration returns', () => {
      const router = makeRouter();
      const app = new Application({ router });
      app.get('/user/{id}', handler('user')).setOptions({ tokens: { id: '\\d+' } });
      expect(router.match('GET', '/user/12').isSuccess).toBe(true);
      expectNotFound(router.match('GET', '/user/ab'));
    });

    it('honours tokens of routes added after the first match', () => {
      const router = routerWith(makeRouter, new Route('/a', handler('a'), ['GET']));
      expect(router.match('GET', '/a').isSuccess).toBe(true);
      const route = new Route('/b/{id}', handler('b'), ['GET']);
      router.addRoute(route);
      route.setOptions({ tokens: { id: '\\d+' } });
      expect(router.match('GET', '/b/7').route).toBe(route);
      expectNotFound(router.match('GET', '/b/x'));
    });

    it('falls through to another route of the same shape when a token refuses the value', () => {
      const byId = new Route('/user/{id}', handler('by id'), ['GET']).setOptions({
        tokens: { id: '\\d+' },
      });
      const byName = new Route('/user/{name}', handler('by name'), ['GET']);
      const router = routerWith(makeRouter, byId, byName);
      expect(router.match('GET', '/user/12').route).toBe(byId);
      expect(router.match('GET', '/user/ann')).toMatchObject({
        route: byName,
        params: { name: 'ann' },
      });
    });

    it('tests tokens against the decoded value, as generateUri does', () => {
      const route = new Route('/tag/{word}', handler('tag'), ['GET']).setOptions({
        tokens: { word: '[\\p{L} ]+' },
      });
      const router = routerWith(makeRouter, route);
      const uri = router.generateUri(route.name, { word: 'crème brûlée' });
      expect(uri).toBe('/tag/cr%C3%A8me%20br%C3%BBl%C3%A9e');
      expect(router.match('GET', uri).params).toEqual({ word: 'crème brûlée' });
      expectNotFound(router.match('GET', '/tag/cr%C3%A8me2'));
    });
  });

  describe('generateUri', () => {
    it('fills the params of a named route, percent-encoded', () => {
      const router = routerWith(
        makeRouter,
        new Route('/user/{id}/file/{name}', handler('file'), ['GET'], 'file'),
      );
      expect(router.generateUri('file', { id: 7, name: 'a b/c?d#e%f' })).toBe(
        '/user/7/file/a%20b%2Fc%3Fd%23e%25f',
      );
    });

    it('writes an integer as its digits, and escapes any other number as text', () => {
      const router = routerWith(makeRouter, new Route('/n/{n}', handler('n'), ['GET'], 'n'));
      expect(router.generateUri('n', { n: 42 })).toBe('/n/42');
      expect(router.generateUri('n', { n: -7 })).toBe('/n/-7');
      expect(router.generateUri('n', { n: 1e21 })).toBe('/n/1e%2B21');
      expect(router.generateUri('n', { n: 2.5 })).toBe('/n/2.5');
    });

    it('finds routes by their default names', () => {
      const router = routerWith(
        makeRouter,
        new Route('/user/{id}', handler('get'), ['GET', 'POST']),
        new Route('/about', handler('about')),
      );
      expect(router.generateUri('/user/{id}^GET:POST', { id: 'x' })).toBe('/user/x');
      expect(router.generateUri('/about')).toBe('/about');
    });

    it('throws for an unknown route name', () => {
      const router = routerWith(makeRouter, new Route('/a', handler('a'), ['GET'], 'a'));
      expect(() => router.generateUri('nope')).toThrow(
        new Error('Cannot generate URI for route "nope"; route not found'),
      );
    });

    it.each([
      ['a missing param', {}, /Missing parameter "id"/],
      ['an empty value', { id: '' }, /cannot be ""/],
      ['the dot-segment "."', { id: '.' }, /cannot be "\."/],
      ['the dot-segment ".."', { id: '..' }, /cannot be "\.\."/],
      ['a value its token refuses', { id: '12a' }, /must match \/\\d\+\//],
    ])('throws for %s', (_case, params, message) => {
      const route = new Route('/user/{id}', handler('user'), ['GET'], 'user');
      const router = routerWith(makeRouter, route);
      route.setOptions({ tokens: { id: '\\d+' } });
      expect(() => router.generateUri('user', params)).toThrow(message);
    });

    it('checks the whole value against the token, not a part of it', () => {
      const router = makeRouter();
      const route = new Route('/user/{id}', handler('user'), ['GET'], 'user');
      router.addRoute(route);
      route.setOptions({ tokens: { id: '\\d+|admin' } });
      expect(() => router.generateUri('user', { id: '1admin' })).toThrow(/must match/);
      expect(router.generateUri('user', { id: 'admin' })).toBe('/user/admin');
    });
  });

  describe('uriTemplate', () => {
    it('fills the one placeholder as generateUri does, the text around it kept', () => {
      const router = routerWith(makeRouter, new Route('/n/{n}.json', handler('n'), ['GET'], 'n'));
      const template = router.uriTemplate?.('n');
      expect(template?.placeholder).toBe('n');
      for (const value of [42, -7, 1e21, 'a b/c']) {
        expect(template?.fillOne(value)).toBe(router.generateUri('n', { n: value }));
      }
    });

    it("checks the route's token at each fill, even one set after the template was made", () => {
      const route = new Route('/user/{id}', handler('user'), ['GET'], 'user');
      const router = routerWith(makeRouter, route);
      const template = router.uriTemplate?.('user');
      expect(template?.fillOne('12a')).toBe('/user/12a');
      route.setOptions({ tokens: { id: '\\d+' } });
      expect(() => template?.fillOne('12a')).toThrow(/must match \/\\d\+\//);
      expect(() => template?.fillOne('')).toThrow(/cannot be ""/);
      expect(template?.fillOne(12)).toBe('/user/12');
    });

    it('fills a path of several placeholders by name only', () => {
      const router = routerWith(
        makeRouter,
        new Route('/user/{id}/file/{name}', handler('file'), ['GET'], 'file'),
      );
      const template = router.uriTemplate?.('file');
      expect(template?.placeholder).toBeUndefined();
      expect(() => template?.fillOne(1)).toThrow(/no single placeholder/);
      expect(template?.fill({ id: 1, name: 'a b' })).toBe('/user/1/file/a%20b');
    });

    it('throws for an unknown route name', () => {
      const router = routerWith(makeRouter, new Route('/a', handler('a'), ['GET'], 'a'));
      expect(() => router.uriTemplate?.('nope')).toThrow(
        new Error('Cannot generate URI for route "nope"; route not found'),
      );
    });
  });

  describe('malformed percent-encoding', () => {
    it.each([
      ['a truncated UTF-8 sequence', '/user/%E0%A4%A'],
      ['a lone "%"', '/user/%'],
      ['a "%" followed by non-hex digits', '/user/%zz'],
      ['a truncated escape', '/user/%2'],
      ['an invalid UTF-8 byte', '/user/%FF'],
    ])('in a matched param is a 400 (%s)', (_case, path) => {
      const router = routerWith(makeRouter, new Route('/user/{id}', handler('user'), ['GET']));
      expect(httpErrorOf(() => router.match('GET', path)).status).toBe(400);
    });

    it.each([['/other/%E0%A4%A'], ['/user%zz/1']])(
      'is a 400 even where no route would match (%s)',
      (path) => {
        const router = routerWith(makeRouter, new Route('/user/{id}', handler('user'), ['GET']));
        expect(httpErrorOf(() => router.match('GET', path)).status).toBe(400);
      },
    );
  });
});

describe('router contract: FindMyWayRouter path restrictions', () => {
  it('rejects at addRoute a path with "*", which find-my-way reads as a wildcard', () => {
    const route = new Route('/files/*', handler('x'), ['GET']);
    expect(() => new FindMyWayRouter().addRoute(route)).toThrow(
      'Route path "/files/*" contains "*", which find-my-way reads as a wildcard',
    );
  });
});

describe.each(ROUTERS)('setOptions() after requests were routed: %s', (_name, makeRouter) => {
  it('applies new tokens to matching as it does to generateUri', () => {
    const route = new Route('/user/{id}', handler('user'), ['GET'], 'user');
    const router = routerWith(makeRouter, route);
    expect(router.match('GET', '/user/abc').isSuccess).toBe(true);
    route.setOptions({ tokens: { id: '\\d+' } });
    expect(router.match('GET', '/user/abc').isSuccess).toBe(false);
    expect(router.match('GET', '/user/42').params).toEqual({ id: '42' });
    expect(() => router.generateUri('user', { id: 'abc' })).toThrow(/must match/);
  });
});
