import type { Container } from '../container/Container.ts';
import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import { InvalidMiddlewareError } from '../middleware/InvalidMiddlewareError.ts';
import type { MiddlewareInterface, Next } from '../middleware/Middleware.ts';
import type { Stage } from '../middleware/Stage.ts';
import { toStage } from '../middleware/toStage.ts';
import type { Route } from '../router/Route.ts';
import { ROUTE_RESULT } from './routeResultAttribute.ts';

/**
 * Dispatch, as a step of the pipeline: runs the middleware of the route that routing
 * matched. Without a matched route the request continues down the pipeline, towards the
 * final handler's 404.
 */
export class DispatchMiddleware implements MiddlewareInterface {
  readonly #container: Container | undefined;
  readonly #stages = new WeakMap<Route, Stage>();

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
    const stage = toStage(route.middleware, { container: this.#container });
    if (stage.handlesErrors) {
      throw new InvalidMiddlewareError(
        `Route "${route.name}" has error middleware; routes take normal middleware`,
      );
    }
    this.#stages.set(route, stage);
    return stage;
  }

  /** Runs the matched route's middleware. */
  process(
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Response | Promise<Response> {
    const route = request.getAttribute(ROUTE_RESULT)?.route;
    if (route === undefined) return next(request, response);
    const stage = this.#stages.get(route) ?? this.#prepared(route);
    return stage.run(undefined, request, response, next);
  }
}
