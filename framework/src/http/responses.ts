import { ResponsePrototype } from './ResponsePrototype.ts';

/**
 * Where a response helper takes its status and headers from: a `ResponseInit`, or the
 * response prototype handed to the middleware (so headers that outer middleware set survive).
 */
export type ResponseOptions = ResponseInit | ResponsePrototype;

/** A plain-text response (`text/plain; charset=utf-8`). */
export function text(body: string, init?: ResponseOptions): Response {
  return respond(body, init, 'text/plain; charset=utf-8');
}

/** An HTML response (`text/html; charset=utf-8`). */
export function html(body: string, init?: ResponseOptions): Response {
  return respond(body, init, 'text/html; charset=utf-8');
}

/**
 * A JSON response with `data` serialised by `JSON.stringify`: `application/json`, unless
 * `init` already names a content type or another default is given (`application/hal+json`).
 */
export function json(
  data: unknown,
  init?: ResponseOptions,
  contentType = 'application/json',
): Response {
  return respond(JSON.stringify(data) ?? 'null', init, contentType);
}

/** A response without a body, 204 No Content unless another status is given. */
export function empty(status = 204, init?: ResponseOptions): Response {
  return respond(null, { status, headers: headersOf(init) }, undefined);
}

/** A redirect to `location`, 302 Found unless another status is given. */
export function redirect(location: string, status = 302, init?: ResponseOptions): Response {
  const headers = new Headers(headersOf(init));
  headers.set('location', location);
  return new Response(null, { status, headers });
}

/**
 * Builds the response. A content type already set in `init` wins over the helper's
 * default, so negotiated types such as `application/hal+json` survive `json(data, response)`.
 */
function respond(
  body: string | null,
  init: ResponseOptions | undefined,
  contentType: string | undefined,
): Response {
  const status = init?.status ?? 200;
  const given = headersOf(init);
  if (given === undefined) {
    // A plain object keeps the node adapter on its fast path.
    return new Response(body, {
      status,
      headers: contentType ? { 'content-type': contentType } : {},
    });
  }
  const headers = new Headers(given);
  if (contentType && !headers.has('content-type')) headers.set('content-type', contentType);
  return new Response(body, { status, headers });
}

function headersOf(init: ResponseOptions | undefined): HeadersInit | undefined {
  if (init instanceof ResponsePrototype) return init.hasHeaders ? init.headers : undefined;
  return init?.headers;
}
