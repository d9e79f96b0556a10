import type { ResponsePrototype } from '../http/ResponsePrototype.ts';

/** Headers outer middleware put on the prototype, minus a content type meant for another body. */
export function carriedHeaders(response: ResponsePrototype): { headers?: ResponseInit['headers'] } {
  if (!response.hasHeaders) return {};
  const headers = new Headers(response.headers);
  headers.delete('content-type');
  return { headers };
}
