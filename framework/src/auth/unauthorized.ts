import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import { ApiProblem } from '../problem/ApiProblem.ts';
import { carriedHeaders } from '../problem/carriedHeaders.ts';

/**
 * The 401 problem with one `WWW-Authenticate` header per challenge. Separate headers, not
 * one comma-joined list: clients such as curl read a Digest challenge reliably only when it
 * has its header to itself.
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
