import type { Route } from '../../router/Route.ts';

/**
 * The resource a route serves, the name authorization rules and listeners know it by: the
 * `resource` option registerResource sets (`<service>::entity` or `::collection`), else the
 * route's name, as for an RPC action (`Stats::reset`) or any other route (`ping`).
 *
 * @example
 * ```ts
 * const app = createApplication();
 * const route = app.get(
 *   '/ping',
 *   (_request, response) => json({ ack: 1 }, response),
 *   'ping',
 * );
 * resourceOf(route); // 'ping'
 * ```
 *
 * @category Authentication
 */
export function resourceOf(route: Route): string {
  return route.options.resource ?? route.name;
}
