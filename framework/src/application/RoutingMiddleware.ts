import { MethodNotAllowedError } from '../http/HttpError.ts';
import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import type { MiddlewareInterface, Next } from '../middleware/Middleware.ts';
import type { Router } from '../router/Router.ts';
import { ROUTE_RESULT } from './routeResultAttribute.ts';

/**
 * Routing, as a step of the pipeline: asks the router about the request and stores the
 * answer on it, the {@link RouteResult} under {@link ROUTE_RESULT} and each route
 * parameter under its own name. Middleware between routing and dispatch can read both.
 *
 * A path that matched with the wrong method raises {@link MethodNotAllowedError} for the
 * error middleware; a path that matched nothing simply continues down the pipeline.
 */
export class RoutingMiddleware implements MiddlewareInterface {
  readonly #router: Router;

  /**
   * Creates the RoutingMiddleware.
   * @param router - the router to ask
   */
  constructor(router: Router) {
    this.#router = router;
  }

  /** Routes the request. */
  process(request: ServerRequest, response: ResponsePrototype, next: Next): Promise<Response> {
    const result = this.#router.match(request.method, request.path);
    if (result.allowedMethods !== undefined) throw new MethodNotAllowedError(result.allowedMethods);
    return next(
      request.withAttributes(result.params).withAttribute(ROUTE_RESULT, result),
      response,
    );
  }
}
