import type { MiddlewareInterface, ServerRequest } from 'hyperpipe';
import { ApiProblem } from 'hyperpipe/problem';

/**
 * The API's 404: a problem for every client, whatever its `Accept`.
 *
 * The framework's `NotFoundProblemMiddleware` leaves a client that takes only text or HTML
 * to the final handler's plain-text `Cannot GET /path`, as the workshop's first steps teach.
 * An API has one error format, and HTTP lets an error ignore `Accept` (RFC 9110 §12.1), so
 * here a browser that mistypes a URL reads the same problem as any client. The explorer
 * page stays at `/`: it browses from the API's links, and a URL with nothing behind it has
 * none to offer.
 */
export class NotFoundProblem implements MiddlewareInterface {
  /** Answers 404 as a problem: nothing before it in the pipeline answered the request. */
  process(request: ServerRequest): Response {
    // The path the client sent: versioning may have changed the one routed.
    const { pathname } = new URL(request.request.url);
    return new ApiProblem(404, `Nothing is found at ${pathname}`).toResponse();
  }
}
