import { Route } from 'hyperpipe';
import { FindMyWayRouter, PatternRouter } from 'hyperpipe/router';
import { describe, expect, it } from 'vitest';
import { handler } from './support.ts';

describe('Route', () => {
  it.each([
    ['the path, when any method is allowed', undefined, '/user/{id}'],
    ['path^GET for one method', ['GET'], '/user/{id}^GET'],
    ['path^GET:POST for a list, in its order', ['GET', 'POST'], '/user/{id}^GET:POST'],
    ['path^POST:GET keeps the order given', ['POST', 'GET'], '/user/{id}^POST:GET'],
    ['path^ for an empty list', [], '/user/{id}^'],
    ['upper-cased methods', ['get', 'Post'], '/user/{id}^GET:POST'],
  ])('is named by default with %s', (_case, methods, name) => {
    expect(new Route('/user/{id}', handler('x'), methods).name).toBe(name);
  });

  it('keeps a name given explicitly', () => {
    expect(new Route('/user/{id}', handler('x'), ['GET'], 'user').name).toBe('user');
  });

  it('upper-cases its methods and leaves "any method" as undefined', () => {
    expect(new Route('/a', handler('x'), ['get', 'pAtCh']).methods).toEqual(['GET', 'PATCH']);
    expect(new Route('/a', handler('x')).methods).toBeUndefined();
    expect(new Route('/a', handler('x'), []).methods).toEqual([]);
  });

  it('keeps the path and middleware it was built from', () => {
    const middleware = handler('x');
    const route = new Route('/a/{b}', middleware, ['GET']);
    expect(route.path).toBe('/a/{b}');
    expect(route.middleware).toBe(middleware);
    expect(route.parts).toEqual([{ literal: '/a/' }, { param: 'b' }]);
  });

  it.each([['GET POST'], [''], ['GET,POST'], ['GÉT'], ['GET\n'], ['(GET)']])(
    'rejects the invalid method name %j',
    (method) => {
      expect(() => new Route('/a', handler('x'), [method])).toThrow(
        `Invalid HTTP method "${method}"`,
      );
    },
  );

  it.each([
    [42, 'Invalid HTTP method 42 for route "/a": a method is a string such as "GET"'],
    [null, 'Invalid HTTP method null for route "/a"'],
    [['GET'], 'Invalid HTTP method ["GET"] for route "/a"'],
  ])('refuses the method %j, naming the route and the value', (method, message) => {
    expect(() => new Route('/a', handler('x'), ['GET', method as unknown as string])).toThrow(
      message,
    );
  });

  it.each([['PROPFIND'], ['M-SEARCH'], ['X_CUSTOM.1']])('accepts the method token %s', (method) => {
    expect(new Route('/a', handler('x'), [method]).methods).toEqual([method]);
  });

  it('tells whether placeholder values match its tokens, read at each call', () => {
    const route = new Route('/user/{id}/{tab}', handler('x'));
    expect(route.matchesTokens({ id: 'ab', tab: 'x' })).toBe(true);
    route.setOptions({ tokens: { id: '\\d+' } });
    expect(route.matchesTokens({ id: '42', tab: 'x' })).toBe(true);
    expect(route.matchesTokens({ id: '4a', tab: 'x' })).toBe(false);
  });

  describe('setOptions', () => {
    it('stores the options and returns the route, for chaining', () => {
      const route = new Route('/user/{id}', handler('x'), ['GET']);
      const options = { tokens: { id: '\\d+' }, resource: 'User' };
      expect(route.setOptions(options)).toBe(route);
      expect(route.options).toEqual(options);
    });

    it('starts with no options', () => {
      expect(new Route('/a', handler('x')).options).toEqual({});
    });

    it('rejects a token for a placeholder the path does not have', () => {
      const route = new Route('/user/{id}', handler('x'), ['GET']);
      expect(() => route.setOptions({ tokens: { name: '\\w+' } })).toThrow(
        'Route "/user/{id}^GET" has a token for "name", but its path has no {name}',
      );
      expect(route.options).toEqual({});
    });

    it.each([['('], ['[a-'], ['\\p{Nope}'], ['a{2,1}']])(
      'rejects the broken regular expression %j',
      (token) => {
        const route = new Route('/user/{id}', handler('x'), ['GET']);
        expect(() => route.setOptions({ tokens: { id: token } })).toThrow(SyntaxError);
        expect(route.options).toEqual({});
      },
    );
  });

  it('takes the options it knows, typed, and, once in a router, refuses any other', () => {
    const route = new Route('/user/{id}', handler('x'));
    const options = {
      tokens: { id: '\\d+' },
      allow: ['GET'],
      authentication: false,
      resource: 'User',
    } as const;
    expect(route.setOptions(options).options).toEqual(options);
    new FindMyWayRouter().addRoute(route);
    expect(() => route.setOptions({ token: { id: '\\d+' } })).toThrow(
      'Route "/user/{id}" has an unknown option "token"; the options are tokens, allow, authentication, resource',
    );
    expect(() => route.setOptions({ allow: 'GET' } as never)).toThrow('invalid "allow" option');
    expect(() => route.setOptions({ tokens: { id: 5 } } as never)).toThrow(
      'invalid "tokens" option',
    );
  });

  it('takes an option its router declares, checked by the router’s rule, and refuses others there', () => {
    class WeightedRouter extends PatternRouter {
      override readonly routeOptions = { weight: (value: unknown) => typeof value === 'number' };
    }
    const router = new WeightedRouter();
    const route = new Route('/a', handler('x')).setOptions({ weight: 3 });
    router.addRoute(route);
    expect(route.options.weight).toBe(3);
    expect(() => route.setOptions({ weight: 'heavy' })).toThrow(
      'Route "/a" has an invalid "weight" option: "heavy"',
    );
    const other = new Route('/b', handler('x')).setOptions({ colour: 'red' });
    expect(() => router.addRoute(other)).toThrow(
      'Route "/b" has an unknown option "colour"; the options are tokens, allow, authentication, resource, weight',
    );
    expect(router.routes).toEqual([route]);
    expect(() =>
      new FindMyWayRouter().addRoute(new Route('/c', handler('x')).setOptions({ weight: 1 })),
    ).toThrow('unknown option "weight"');
  });
});
