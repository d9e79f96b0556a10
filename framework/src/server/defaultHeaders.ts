import { type OutgoingHttpHeader, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { splitChallenges } from './challengeFields.ts';

/**
 * The headers every answer of the server carries unless the application sets its own.
 * (The same `writeHead()` also sends each `WWW-Authenticate` challenge as a field of its
 * own: see `challengeFields.ts`.)
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
 * Makes `response` send {@link DEFAULT_HEADERS} where the application set none of that
 * name, by adding them to the headers its `writeHead()` is given.
 *
 * Not with `setHeader()` before the application answers: once `setHeader()` was called,
 * node:http's `writeHead()` sets every header it is given one by one, which cost about 1 µs
 * per request, a seventh of a small one. A `ServerResponse` subclass (node:http's
 * `ServerResponse` option) would be tidier, but measured as slow as that.
 */
export function sendDefaultHeaders(response: ServerResponse): void {
  response.writeHead = writeHeadWithDefaults as ServerResponse['writeHead'];
}

/** What `writeHead()` accepts as headers. */
type Headers = OutgoingHttpHeaders | OutgoingHttpHeader[];

/** node:http's own `writeHead()`, both of its forms in one signature. */
const writeHead = ServerResponse.prototype.writeHead as (
  this: ServerResponse,
  statusCode: number,
  reasonOrHeaders?: string | Headers,
  headers?: Headers,
) => ServerResponse;
const DEFAULTS = Object.entries(DEFAULT_HEADERS);

function writeHeadWithDefaults(
  this: ServerResponse,
  statusCode: number,
  reasonOrHeaders?: string | Headers,
  headers?: Headers,
): ServerResponse {
  return typeof reasonOrHeaders === 'string'
    ? writeHead.call(this, statusCode, reasonOrHeaders, withDefaults(this, headers))
    : writeHead.call(this, statusCode, withDefaults(this, reasonOrHeaders));
}

/** The default headers nobody set, then `headers` (names lower-cased, so that they win). */
function withDefaults(response: ServerResponse, headers: Headers = {}): Headers {
  if (Array.isArray(headers)) {
    // A raw list [name, value, …] may repeat a name; node:http lets it replace these.
    for (const [name, value] of DEFAULTS) {
      if (!response.hasHeader(name)) response.setHeader(name, value);
    }
    return headers;
  }
  const merged: OutgoingHttpHeaders = {};
  for (const [name, value] of DEFAULTS) {
    if (!response.hasHeader(name)) merged[name] = value;
  }
  for (const name in headers) merged[name.toLowerCase()] = headers[name];
  const challenges = merged['www-authenticate'];
  // One field per challenge (see challengeFields.ts); a lone challenge has commas too.
  if (typeof challenges === 'string' && challenges.includes(',')) {
    merged['www-authenticate'] = splitChallenges(challenges);
  }
  return merged;
}
