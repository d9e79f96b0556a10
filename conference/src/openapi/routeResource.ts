import type { Route } from 'hyperpipe';

/**
 * The resource the authorization rules know a route by, read as the framework's
 * AuthorizationMiddleware reads it: the route's `resource` option (a REST resource's
 * `<service>::entity` or `::collection`), else its name, as for an RPC route.
 */
export function routeResource(route: Route): string {
  return route.options.resource ?? route.name;
}
