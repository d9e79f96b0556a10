import {
  type MiddlewareInterface,
  type Next,
  type ResponsePrototype,
  type ServerRequest,
  text,
} from 'hyperpipe';
import { HAL_MEDIA_TYPE } from 'hyperpipe/hal';
import { negotiateMediaType } from 'hyperpipe/negotiation';

/** What `GET /` answers: the greeting, the default, or the API root to clients that ask for HAL. */
const ANSWERS = ['text/plain', HAL_MEDIA_TYPE];

/**
 * `GET /` for people: the greeting of step 01, as a class the container can create. A client
 * that asks for HAL goes on down the route's middleware, to the API root: one URL, and each
 * client gets the answer it asks for.
 */
export class HomeHandler implements MiddlewareInterface {
  process(
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Response | Promise<Response> {
    // Accept chose the answer, whichever it is: a cache keeps one answer per Accept.
    response.headers.set('vary', 'Accept');
    if (negotiateMediaType(request.headers.get('accept'), ANSWERS) === HAL_MEDIA_TYPE) {
      return next(request, response);
    }
    return text('Hello from Hyperpipe!', response);
  }
}
