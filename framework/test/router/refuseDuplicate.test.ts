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
    });
  },
);
