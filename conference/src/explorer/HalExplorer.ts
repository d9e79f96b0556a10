import { readFileSync } from 'node:fs';
import {
  html,
  type MiddlewareInterface,
  type Next,
  negotiateMediaType,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';

const PAGE = readFileSync(new URL('./explorer.html', import.meta.url), 'utf8');

/**
 * `GET /` for browsers: the HAL explorer, one HTML page whose script fetches the API's
 * resources as HAL and shows their state, links, embedded resources and problems.
 *
 * Only a client that prefers HTML gets it: one that takes JSON, or anything (`*\/*`), goes
 * on down the pipeline to the API's 404 problem, as on any URL without a resource.
 */
export class HalExplorer implements MiddlewareInterface {
  /** Answers with the page, or passes on. */
  process(
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Response | Promise<Response> {
    const preferred = negotiateMediaType(request.headers.get('accept'), [
      'application/json',
      'text/html',
    ]);
    if (preferred !== 'text/html') return next(request, response);
    return html(PAGE, response);
  }
}
