import { describe, expect, it } from 'vitest';
import { FindMyWayRouter } from '../../src/router/FindMyWayRouter.ts';
import { PatternRouter } from '../../src/router/PatternRouter.ts';
import { Route } from '../../src/router/Route.ts';
import type { Router } from '../../src/router/Router.ts';

const handler = () => new Response('');

describe.each([
  ['FindMyWayRouter', () => new FindMyWayRouter()],
  ['PatternRouter', () => new PatternRouter()],
] as [string, () => Router][])(
  '%s refuses a route that would shadow one it holds',
  (_name, make) => {
    it('the same path with a method in common', () => {
      const router = make();
      router.addRoute(new Route('/user', handler, ['GET', 'POST']));
      expect(() => router.addRoute(new Route('/user', handler, ['POST']))).toThrow(
        'Duplicate route: "/user" already answers GET, POST; a path may be registered again only for other methods',
      );
      router.addRoute(new Route('/user', handler, ['DELETE']));
      expect(router.routes.map((route) => route.name)).toEqual(['/user^GET:POST', '/user^DELETE']);
    });

    it('a name taken twice, and the refused route leaves no trace', () => {
      const router = make();
      router.addRoute(new Route('/a', handler, ['GET'], 'same'));
      expect(() => router.addRoute(new Route('/b', handler, ['GET'], 'same'))).toThrow(
        /A route named "same" already exists: GET \/a, added first/,
      );
      expect(router.routes).toHaveLength(1);
      expect(router.generateUri('same')).toBe('/a');
      expect(router.match('GET', '/b').isSuccess).toBe(false);
    });

    it('a refused route is never matched: the route added first answers its methods', () => {
      const router = make();
      const first = new Route('/user', handler, ['GET']);
      router.addRoute(first);
      expect(() => router.addRoute(new Route('/user', handler, ['GET', 'PUT'], 'other'))).toThrow(
        /Duplicate route/,
      );
      expect(router.match('GET', '/user').route).toBe(first);
      expect(router.match('PUT', '/user').allowedMethods).toEqual(['GET', 'HEAD']);
    });

    it('finds the clash among thousands of routes, by name and by path', () => {
      const router = make();
      for (let index = 0; index < 2_000; index++) {
        router.addRoute(new Route(`/item${index}/{id}`, handler, ['GET'], `item${index}`));
        router.addRoute(new Route(`/item${index}/{id}`, handler, ['POST']));
      }
      expect(() => router.addRoute(new Route('/item1234/{id}', handler, ['PUT', 'POST']))).toThrow(
        'Duplicate route: "/item1234/{id}" already answers POST',
      );
      expect(() => router.addRoute(new Route('/elsewhere', handler, ['GET'], 'item1999'))).toThrow(
        /A route named "item1999" already exists: GET \/item1999\/\{id\}/,
      );
      // The same path for another method, and another path, are still welcome.
      router.addRoute(new Route('/item1234/{id}', handler, ['DELETE']));
      router.addRoute(new Route('/item1234/{id}/x', handler, ['GET']));
      expect(router.routes).toHaveLength(4_002);
    });
  },
);
