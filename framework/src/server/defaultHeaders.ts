import type { ServerResponse } from 'node:http';

/**
 * The headers every answer of the server carries unless the application sets its own.
 *
 * - `X-Content-Type-Options: nosniff`: a browser must take the declared media type at its
 *   word, never guess that a JSON document with some HTML in a field is a page to render.
 * - `Cache-Control: no-store`: representations change with every write and may answer
 *   credentials, and problems describe one moment; no cache, shared or private, may keep
 *   them. A handler that knows better (a static file, a versioned document) sets its own.
 */
export const DEFAULT_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

/**
 * Puts {@link DEFAULT_HEADERS} on a response before the application answers; node:http
 * lets the headers the application writes take precedence.
 */
export function setDefaultHeaders(response: ServerResponse): void {
  for (const [name, value] of Object.entries(DEFAULT_HEADERS)) response.setHeader(name, value);
}
