import type { ServerRequest } from '../http/ServerRequest.ts';
import { DEFAULT_BODY_LIMIT } from './ContentNegotiation.ts';
import { isJsonType } from './mediaType.ts';
import { parseBody } from './parseBody.ts';
import { readBody } from './readBody.ts';

/**
 * The request's body as JSON, for a handler that reads its body itself rather than through
 * {@link ContentNegotiation}: the same limits and the same problems. `request.request.json()`
 * reads the WHATWG `Request` directly, and its `SyntaxError` on malformed JSON is a 500 unless
 * caught; here malformed JSON is the 400 problem, a body over `limit` bytes a 413, a content
 * coding or a charset other than UTF-8 a 415. The body is read as JSON whatever its
 * `Content-Type` says, as `fetch`'s `json()` does; white space alone is no body: `undefined`.
 *
 * @param limit - the largest body accepted, in bytes; 1 MiB
 *
 * @throws {ApiProblem} 400, 413 or 415, as above
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.post('/echo', async (request, response) => {
 *   const got = await readJson(request);
 *   return json({ got }, response);
 * });
 * // POST /echo with {"a":1}: 200 {"got":{"a":1}}
 * // with {"a": (malformed): 400, application/problem+json
 * ```
 *
 * @category Negotiation
 */
export async function readJson(
  request: ServerRequest,
  limit: number = DEFAULT_BODY_LIMIT,
): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  const bytes = await readBody(request.request, limit);
  return parseBody(bytes, isJsonType(type) ? type : 'application/json');
}
