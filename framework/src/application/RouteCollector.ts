import type { Middleware } from '../middleware/Middleware.ts';
import { Route } from '../router/Route.ts';
import type { Router } from '../router/Router.ts';
import type { DispatchMiddleware } from './DispatchMiddleware.ts';

/**
 * Where an application's routes are added, as Mezzio's route collector: it builds the
 * {@link Route} from a path unless given one, has dispatch check its middleware, and hands
 * it to the router.
 */
export class RouteCollector {
  readonly #router: Router;
  readonly #dispatch: DispatchMiddleware;

  constructor(router: Router, dispatch: DispatchMiddleware) {
    this.#router = router;
    this.#dispatch = dispatch;
  }

  /** Adds a route, built from the other arguments when `pathOrRoute` is a path. */
  route(
    pathOrRoute: string | Route,
    middleware?: Middleware,
    methods?: readonly string[],
    name?: string,
  ): Route {
    const route =
      pathOrRoute instanceof Route
        ? pathOrRoute
        : new Route(pathOrRoute, middleware as Middleware, methods, name);
    // Check the middleware before the router records the route (refusing a duplicate), so a
    // refused route leaves no trace and the corrected one can take the same path and name.
    this.#dispatch.prepare(route);
    this.#router.addRoute(route);
    return route;
  }
}
