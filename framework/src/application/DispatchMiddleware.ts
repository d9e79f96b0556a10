import type { Container } from '../container/Container.ts';
import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import { InvalidMiddlewareError } from '../middleware/InvalidMiddlewareError.ts';
import type { MiddlewareInterface, Next, Stage } from '../middleware/Middleware.ts';
import { toStage } from '../middleware/Stage.ts';
import type { Route } from '../router/Route.ts';
import { ROUTE_RESULT } from '../router/RouteResult.ts';

/**
 * A check a routed request must pass before its route's middleware runs; it throws to refuse
 * the request. Authorization's guard is one: see {@link DispatchMiddleware.guard}.
 * @category Routing
 */
export type RouteGuard = (request: ServerRequest, route: Route) => void;

/**
 * Dispatch, as a step of the pipeline: runs the middleware of the route that routing
 * matched. Without a matched route the request continues down the pipeline, towards the
 * final handler's 404.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.pipeRoutingMiddleware();
 * // after everything of priority 0 and above:
 * app.pipeDispatchMiddleware({ priority: -1 });
 * app.get('/ping', () => json({ ack: true }));
 * ```
 * @see The framework guide: [how a request flows](../../../docs/framework.md#how-a-request-flows)
 * and [the pipeline](../../../docs/framework.md#the-pipeline)
 * @category Routing
 */
export class DispatchMiddleware implements MiddlewareInterface {
  readonly #container: Container | undefined;
  readonly #stages = new WeakMap<Route, Stage>();
  readonly #guards: RouteGuard[] = [];

  /**
   * Creates the DispatchMiddleware.
   * @param container - where route middleware given by service name is looked up
   */
  constructor(container?: Container) {
    this.#container = container;
  }

  /**
   * Checks a route's middleware and prepares it. The application calls this when the
   * route is added, so a mistake surfaces at registration, not at the first request.
   */
  prepare(route: Route): void {
    this.#prepared(route);
  }

  #prepared(route: Route): Stage {
    const stage = toStage(route.middleware, this.#container);
    if (stage.handlesErrors) {
      throw new InvalidMiddlewareError(
        `Route "${route.name}" has error middleware; routes take normal middleware`,
      );
    }
    this.#stages.set(route, stage);
    return stage;
  }

  /**
   * Adds a check every routed request must pass before its route's middleware runs: the
   * one place a step that must come first (authorization) can be sure it did.
   */
  guard(check: RouteGuard): void {
    this.#guards.push(check);
  }

  /**
   * Runs the matched route's middleware.
   * @param next - the rest of the pipeline, for a request without a matched route
   */
  process(
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Response | Promise<Response> {
    const route = request.getAttribute(ROUTE_RESULT)?.route;
    if (route === undefined) return next(request, response);
    for (const check of this.#guards) check(request, route);
    const stage = this.#stages.get(route) ?? this.#prepared(route);
    return stage.run(undefined, request, response, next);
  }
}
