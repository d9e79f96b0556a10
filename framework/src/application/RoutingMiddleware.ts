import { MethodNotAllowedError } from '../http/HttpError.ts';
import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import { empty } from '../http/responses.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import type { MiddlewareInterface, Next } from '../middleware/Middleware.ts';
import { ROUTE_RESULT, type RouteResult } from '../router/RouteResult.ts';
import type { Router } from '../router/Router.ts';

/**
 * Routing, as a step of the pipeline: asks the router about the request and stores the
 * answer on it, the {@link RouteResult} under {@link ROUTE_RESULT} and each route
 * parameter under its own name. Middleware between routing and dispatch can read both.
 *
 * A path that matched with the wrong method raises {@link MethodNotAllowedError} for the
 * error middleware; a path that matched nothing simply continues down the pipeline.
 * OPTIONS is the exception, as with Mezzio's `ImplicitOptionsMiddleware`: a matched path
 * whose routes do not take OPTIONS themselves answers it here, 204 with the `Allow` its
 * 405 would carry, as a REST resource answers it.
 *
 * @example
 * ```ts
 * // Routing and dispatch are piped by the first route; to put middleware
 * // between them:
 * const app = createApplication();
 * app.pipeRoutingMiddleware();
 * // sees the RouteResult and route parameters:
 * app.pipe((request, response, next) => next());
 * app.pipeDispatchMiddleware();
 * app.get('/user/{id}', (request) => json({ id: request.param('id') }));
 * ```
 * @see The framework guide: [how a request flows](../../../docs/framework.md#how-a-request-flows)
 * and [the pipeline](../../../docs/framework.md#the-pipeline)
 * @category Routing
 */
export class RoutingMiddleware implements MiddlewareInterface {
  readonly #router: Router;

  /**
   * Creates the RoutingMiddleware.
   */
  constructor(router: Router) {
    this.#router = router;
  }

  /**
   * Routes the request.
   * @param next - the rest of the pipeline, which gets the routed request
   */
  process(request: ServerRequest, response: ResponsePrototype, next: Next): Promise<Response> {
    const result = this.#router.match(request.method, request.path);
    if (result.allowedMethods !== undefined) {
      if (request.method !== 'OPTIONS') throw new MethodNotAllowedError(result.allowedMethods);
      return Promise.resolve(empty(204, { headers: { allow: result.allowedMethods.join(',') } }));
    }
    return next(
      request.withAttributes(result.params).withAttribute(ROUTE_RESULT, result),
      response,
    );
  }
}
