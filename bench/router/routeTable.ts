import type { MiddlewareFunction } from 'hyperpipe';
import { Route } from 'hyperpipe';
import type { Router } from 'hyperpipe/router';

/** Never runs: the router benchmark only looks routes up. */
const handler: MiddlewareFunction = (_request, response) => response.toResponse();

/**
 * The routes of one REST resource, as an API would declare them: five routes, two of
 * them static, with one or two `{param}` placeholders and several methods.
 */
function resourceRoutes(index: number): Route[] {
  const base = `/resource${index}`;
  return [
    new Route(base, handler, ['GET', 'POST']),
    new Route(`${base}/search`, handler, ['GET']),
    new Route(`${base}/{id}`, handler, ['GET', 'PATCH', 'DELETE']),
    new Route(`${base}/{id}/items`, handler, ['GET', 'POST']),
    new Route(`${base}/{id}/items/{itemId}`, handler, ['GET', 'DELETE']),
  ];
}

/** A routing table with `size` routes (a multiple of five) and the lookup to time in it. */
export interface RouteTable {
  readonly size: number;
  readonly routes: readonly Route[];
  /** A request path near the end of the table: the last resource's items. */
  readonly path: string;
  /** The route `path` must match; checked before timing. */
  readonly expected: Route;
}

export function routeTable(size: number): RouteTable {
  const resources = size / 5;
  if (!Number.isInteger(resources) || resources < 1) {
    throw new Error(`A route table holds a multiple of 5 routes, not ${size}`);
  }
  const routes = Array.from({ length: resources }, (_, index) => resourceRoutes(index)).flat();
  const expected = routes[routes.length - 2] as Route; // /resource{last}/{id}/items
  return { size, routes, path: `/resource${resources - 1}/42/items`, expected };
}

/** Fills the router and checks the lookup finds the expected route, so no miss gets timed. */
export function loadTable(router: Router, table: RouteTable): void {
  for (const route of table.routes) router.addRoute(route);
  const found = router.match('GET', table.path).route;
  if (found !== table.expected) {
    throw new Error(
      `GET ${table.path} matched ${found?.name ?? 'nothing'}, not ${table.expected.name}`,
    );
  }
}
