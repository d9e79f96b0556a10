import { preferredMediaType } from '../http/preferredMediaType.ts';
import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import { pathOf, type ServerRequest } from '../http/ServerRequest.ts';
import type { MiddlewareInterface, Next } from '../middleware/Middleware.ts';
import { ApiProblem, PROBLEM_MEDIA_TYPE } from './ApiProblem.ts';

/**
 * The final 404 as a problem, for clients that accept JSON. Pipe it last among the normal
 * middleware (a low priority): it runs only when nothing answered the request. A client
 * accepts JSON when its `Accept` names a JSON type, or takes a problem document over plain
 * text (`*\/*`, or no `Accept` at all); `text/plain` or `text/html` alone get the final
 * handler's plain-text 404.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.pipe('/', new NotFoundProblemMiddleware(), { priority: -90 });
 * ```
 *
 * @see The REST guide: [API Problem](../../../docs/rest.md#api-problem)
 * @category Problems
 */
export class NotFoundProblemMiddleware implements MiddlewareInterface {
  /**
   * Answers 404 as a problem, or passes on.
   *
   * @param _response - the response prototype (the pipeline carries its headers)
   * @param next - the final handler, for clients that do not take JSON
   */
  process(
    request: ServerRequest,
    _response: ResponsePrototype,
    next: Next,
  ): Promise<Response> | Response {
    if (!acceptsJson(request.headers.get('accept'))) return next();
    // The path the client sent: versioning or a mounted prefix may have changed the one routed.
    const path = pathOf(request.request.url);
    return new ApiProblem(404, `Nothing is found at ${path}`).toResponse();
  }
}

function acceptsJson(accept: string | null): boolean {
  if (accept !== null && /json/i.test(accept)) return true;
  return preferredMediaType(accept, [PROBLEM_MEDIA_TYPE, 'text/plain']) === PROBLEM_MEDIA_TYPE;
}
