import type { RouteGuard } from '../../application/DispatchMiddleware.ts';
import type { EventManager } from '../../events/EventManager.ts';
import { type Attribute, attribute } from '../../http/Attribute.ts';
import type { Route } from '../../router/Route.ts';
import { AuthEvents } from '../authentication/AuthEvent.ts';

/**
 * The request attribute under which {@link AuthorizationMiddleware} leaves the route it
 * judged, for the {@link authorizationGuard} to find before the route's middleware runs.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.get('/ping', (request, response) =>
 *   json({ judged: request.getAttribute(AUTHORIZED)?.name ?? null }, response),
 * );
 * ```
 *
 * @category Authentication
 */
export const AUTHORIZED: Attribute<Route> = attribute<Route>('hyperpipe.authorized');

/**
 * Refuses to run a route's middleware for a request that authorization did not judge, while
 * authorization is configured (rules, or listeners of its events). Authorization left out of
 * the pipeline, piped after dispatch, or under a path prefix that misses the route would
 * otherwise let every anonymous write through without a word; with the guard, each such
 * request is a 500 whose logged error says where authorization belongs (it fails closed).
 *
 * The container-built application's dispatch holds one: see `ApplicationFactory`.
 *
 * @param hasRules - whether the `authorization` configuration protects anything
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.dispatchMiddleware.guard(authorizationGuard(app.events, true));
 * ```
 *
 * @category Authentication
 */
export function authorizationGuard(events: EventManager, hasRules: boolean): RouteGuard {
  return (request, route) => {
    if (request.getAttribute(AUTHORIZED) === route) return;
    if (
      !hasRules &&
      !events.has(AuthEvents.AUTHORIZATION) &&
      !events.has(AuthEvents.AUTHORIZATION_POST)
    )
      return;
    throw new Error(
      `Authorization is configured, but nothing judged this request before the middleware of ` +
        `route "${route.name}" was about to run, so it is refused (as is every routed request until ` +
        `it is). AuthorizationMiddleware is missing from the pipeline, or runs after dispatch, ` +
        `or under a path prefix this route is not under. Pipe it after routing and before ` +
        `dispatch, after AuthenticationMiddleware (docs/authentication.md, "Who may do what").`,
    );
  };
}
