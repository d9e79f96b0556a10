import {
  type MiddlewareInterface,
  type Next,
  type ResponsePrototype,
  type ServerRequest,
  text,
} from 'hyperpipe';
import { HAL_MEDIA_TYPE } from 'hyperpipe/hal';
import { negotiateMediaType } from 'hyperpipe/negotiation';
import { ApiProblem } from 'hyperpipe/problem';

/**
 * What `GET /` answers: the greeting, the default, or the API root to clients that ask for
 * HAL or for JSON (HAL is JSON with links).
 */
const ANSWERS = ['text/plain', HAL_MEDIA_TYPE, 'application/json'];

/**
 * `GET /` for people: the greeting of step 01, as a class the container can create. A client
 * that asks for HAL or JSON goes on down the route's middleware, to the API root, in the type
 * it asked for: one URL, and each client gets the answer it asks for. A client that takes
 * none of them (only a vendor type, or an image) gets a 406 problem, not a greeting it cannot
 * read.
 */
export class HomeHandler implements MiddlewareInterface {
  process(
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Response | Promise<Response> {
    // Accept chose the answer, whichever it is: a cache keeps one answer per Accept.
    response.headers.set('vary', 'Accept');
    const type = negotiateMediaType(request.headers.get('accept'), ANSWERS);
    if (type === undefined) throw new ApiProblem(406, 'Cannot honor Accept type specified');
    if (type === 'text/plain') return text('Hello from Hyperpipe!', response);
    // The root answers through this prototype: the type set here wins over its default.
    response.contentType = type;
    return next(request, response);
  }
}
