import type { ResponsePrototype } from '../../http/ResponsePrototype.ts';
import { ApiProblem } from '../../problem/ApiProblem.ts';
import { carriedHeaders } from '../../problem/carriedHeaders.ts';

/**
 * The 401 problem with one `WWW-Authenticate` header per challenge. Separate headers, not
 * one comma-joined list: clients such as curl read a Digest challenge reliably only when it
 * has its header to itself.
 *
 * @param challenges - one `WWW-Authenticate` value per scheme asked for
 * @param detail - the problem's detail: why the request needs credentials
 * @param response - the response prototype, whose headers the 401 carries
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.get('/private', (_request, response) =>
 *   unauthorized(['Basic realm="api"'], 'Authentication is required', response),
 * );
 * ```
 *
 * @category Authentication
 */
export function unauthorized(
  challenges: readonly string[],
  detail: string,
  response: ResponsePrototype,
): Response {
  const headers = new Headers(carriedHeaders(response).headers);
  for (const challenge of challenges) headers.append('www-authenticate', challenge);
  return new ApiProblem(401, detail).toResponse({ headers });
}
