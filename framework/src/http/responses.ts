import { ResponsePrototype } from './ResponsePrototype.ts';

/**
 * Where a response helper takes its status and headers from: a `ResponseInit`, or the
 * response prototype handed to the middleware (so headers that outer middleware set survive).
 *
 * @category HTTP
 */
export type ResponseOptions = ResponseInit | ResponsePrototype;

/**
 * A plain-text response (`text/plain; charset=utf-8`).
 *
 * @param init - the response prototype the middleware received, so that headers outer
 *   middleware set on it (such as CORS headers) and its status reach the client; or a
 *   `ResponseInit` with a status and headers; 200 without headers when left out
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.get('/', (_request, response) => text('Hello from Hyperpipe!', response));
 * ```
 *
 * @category HTTP
 */
export function text(body: string, init?: ResponseOptions): Response {
  return respond(body, init, 'text/plain; charset=utf-8');
}

/**
 * An HTML response (`text/html; charset=utf-8`).
 *
 * @param init - the response prototype the middleware received, or a `ResponseInit`; see
 *   {@link text}
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.get('/', (_request, response) => html('<h1>Hello</h1>', response));
 * ```
 *
 * @category HTTP
 */
export function html(body: string, init?: ResponseOptions): Response {
  return respond(body, init, 'text/html; charset=utf-8');
}

/**
 * A JSON response with `data` serialised by `JSON.stringify`: `application/json`, unless
 * `init` already names a content type or another default is given (`application/hal+json`).
 *
 * @param init - the response prototype the middleware received, or a `ResponseInit`; see
 *   {@link text}. A content type it names wins, such as a negotiated one
 * @param contentType - the content type when `init` names none
 *
 * @example
 * ```ts
 * const app = createApplication();
 * // ack: the Unix time in whole seconds
 * app.get('/ping', (_request, response) =>
 *   json({ ack: Math.floor(Date.now() / 1000) }, response),
 * );
 * app.post('/things', () =>
 *   json({ id: 1 }, { status: 201, headers: { location: '/things/1' } }),
 * );
 * ```
 *
 * @category HTTP
 */
export function json(
  data: unknown,
  init?: ResponseOptions,
  contentType = 'application/json',
): Response {
  return respond(JSON.stringify(data) ?? 'null', init, contentType);
}

/**
 * A response whose body is already encoded, `application/octet-stream` unless `init` names a
 * content type or another default is given. For a body that was encoded anyway, such as a
 * representation whose bytes were hashed for its ETag: sending those bytes spares encoding
 * the text a second time (see `hal()` in `rest/ResourceMiddleware.ts`).
 *
 * @param init - the response prototype the middleware received, or a `ResponseInit`; see
 *   {@link text}. A content type it names wins, such as a negotiated one
 * @param contentType - the content type when `init` names none
 *
 * @category HTTP
 */
export function bytes(
  body: Uint8Array<ArrayBuffer>,
  init?: ResponseOptions,
  contentType = 'application/octet-stream',
): Response {
  return respond(body, init, contentType);
}

/**
 * A response without a body, 204 No Content unless another status is given.
 *
 * @param init - the response prototype the middleware received, or a `ResponseInit`, for
 *   its headers
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.delete('/things/{id}', (_request, response) => empty(204, response));
 * ```
 *
 * @category HTTP
 */
export function empty(status = 204, init?: ResponseOptions): Response {
  return respond(null, { status, headers: headersOf(init) }, undefined);
}

/**
 * A redirect to `location`, 302 Found unless another status is given.
 *
 * @param status - the status code, such as 301 or 303
 * @param init - the response prototype the middleware received, or a `ResponseInit`, for
 *   its headers
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.get('/old', (_request, response) => redirect('/new', 301, response));
 * ```
 *
 * @category HTTP
 */
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
  body: string | Uint8Array<ArrayBuffer> | null,
  init: ResponseOptions | undefined,
  contentType: string | undefined,
): Response {
  if (init instanceof ResponsePrototype) return init.answer(body, contentType);
  const status = init?.status ?? 200;
  const headers = plainHeaders(init?.headers);
  if (headers === undefined) {
    const withCookies = new Headers(init?.headers);
    if (contentType && !withCookies.has('content-type'))
      withCookies.set('content-type', contentType);
    return new Response(body, { status, headers: withCookies });
  }
  if (contentType && headers['content-type'] === undefined) headers['content-type'] = contentType;
  return new Response(body, { status, headers });
}

/**
 * The headers as a plain object with lower-case names, which keeps the node adapter on its
 * fast path; `undefined` when they hold a Set-Cookie, whose values only `Headers` keep apart.
 */
function plainHeaders(init: ResponseInit['headers']): Record<string, string> | undefined {
  const plain: Record<string, string> = {};
  if (init === undefined) return plain;
  for (const [name, value] of init instanceof Headers ? init : new Headers(init)) {
    if (name === 'set-cookie') return undefined;
    plain[name] = value;
  }
  return plain;
}

function headersOf(init: ResponseOptions | undefined): ResponseInit['headers'] {
  if (init instanceof ResponsePrototype) return init.hasHeaders ? init.headers : undefined;
  return init?.headers;
}
