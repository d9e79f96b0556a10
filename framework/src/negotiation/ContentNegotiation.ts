import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import { varyOn } from '../http/vary.ts';
import type { MiddlewareInterface, Next } from '../middleware/Middleware.ts';
import { ApiProblem } from '../problem/ApiProblem.ts';
import { essence, isAllowedContentType, negotiateMediaType } from './mediaType.ts';
import { memoByHeader } from './memoByHeader.ts';
import { MEDIA_TYPE, OTHER_CONTENT_TYPES, PARSED_BODY } from './negotiationAttributes.ts';
import { parseBody } from './parseBody.ts';
import { parseMultipart } from './parseMultipart.ts';
import { readBody } from './readBody.ts';

/**
 * Options of {@link ContentNegotiation}.
 *
 * @category Negotiation
 */
export interface ContentNegotiationOptions {
  /** Media types the response can take, the default first. */
  accept?: readonly string[] | undefined;
  /**
   * The type of `accept` to answer when the client does not tell them apart: no `Accept`,
   * `*\/*`, `application/*`. The first of `accept` by default.
   */
  preferred?: string | undefined;
  /** Media types a request body may have. */
  contentTypes?: readonly string[] | undefined;
  /** The largest body accepted, in bytes; 1 MiB by default. */
  bodyLimit?: number | undefined;
}

/**
 * One mebibyte, the default body limit.
 *
 * @example
 * ```ts
 * // Room for bodies four times the default:
 * const bodyLimit = 4 * DEFAULT_BODY_LIMIT;
 * const negotiation = new ContentNegotiation({ bodyLimit });
 * ```
 *
 * @category Negotiation
 */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * Content negotiation for a route or resource, as Apigility's zf-content-negotiation does it.
 *
 * It picks the response's media type from `Accept` (406 `Cannot honor Accept type
 * specified` when none of the whitelist is acceptable) and sets it as the response
 * prototype's Content-Type. A request body must have a whitelisted Content-Type (415
 * `Invalid content-type specified`, with the whitelist in the answer's `Accept` header),
 * come without a content coding such as gzip and in UTF-8 (415), fit the limit (413), and
 * parse (400); the parsed body
 * goes to the {@link PARSED_BODY} attribute.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * const negotiation = new ContentNegotiation({
 *   accept: ['application/json'],
 *   contentTypes: ['application/json', 'application/x-www-form-urlencoded'],
 * });
 * app.pipe('/timezone', negotiation);
 * app.post('/timezone', (request, response) =>
 *   json({ received: request.getAttribute(PARSED_BODY) }, response),
 * );
 * ```
 *
 * @see The REST guide: [content negotiation](../../../docs/rest.md#content-negotiation)
 * @category Negotiation
 */
export class ContentNegotiation implements MiddlewareInterface {
  /** The media types the response can take, the preferred first. */
  readonly mediaTypes: readonly string[];
  readonly #contentTypes: readonly string[];
  readonly #bodyLimit: number;
  /** The media type to answer, by `Accept` header. */
  readonly #mediaTypeFor: (accept: string | null) => string | undefined;

  /**
   * Creates the middleware.
   */
  constructor(options: ContentNegotiationOptions = {}) {
    const accept = options.accept ?? ['application/json'];
    const { preferred = accept[0] } = options;
    if (preferred !== undefined && !accept.includes(preferred)) {
      throw new Error(`The preferred media type ${preferred} is not among ${accept.join(', ')}`);
    }
    // Negotiation breaks ties between equally acceptable types by list order.
    const whitelist = [...new Set([...(preferred ? [preferred] : []), ...accept])];
    this.mediaTypes = whitelist;
    this.#mediaTypeFor = memoByHeader((header) => negotiateMediaType(header, whitelist));
    this.#contentTypes = options.contentTypes ?? ['application/json'];
    this.#bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  }

  /**
   * Negotiates, reads the body if there is one, and hands on.
   *
   * @param request - the request, with its `Accept`, `Content-Type` and body
   * @param response - the response prototype, which gets the negotiated Content-Type
   * @param next - the rest of the pipeline, which gets the negotiated request
   */
  process(request: ServerRequest, response: ResponsePrototype, next: Next): Promise<Response> {
    const mediaType = this.#mediaTypeFor(request.headers.get('accept'));
    if (mediaType === undefined) throw new ApiProblem(406, 'Cannot honor Accept type specified');
    response.contentType = mediaType;
    varyOn(response, 'Accept');
    const negotiated = request.withAttribute(MEDIA_TYPE, mediaType);
    // GET and HEAD carry no body; skipping them also spares building the stream.
    if (request.method === 'GET' || request.method === 'HEAD') return next(negotiated, response);
    return this.#withBody(negotiated, response, next);
  }

  async #withBody(
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Promise<Response> {
    const body = await this.#parsedBody(request);
    return next(body === undefined ? request : request.withAttribute(PARSED_BODY, body), response);
  }

  /** The parsed body, or `undefined` when the request has none. */
  async #parsedBody(request: ServerRequest): Promise<unknown> {
    const contentType = request.headers.get('content-type');
    const bytes = await readBody(request.request, this.#bodyLimit);
    if (bytes.byteLength === 0) return undefined;
    if (!isAllowedContentType(contentType, this.#contentTypes)) {
      // Apigility's words, and the types the URL would take in `Accept` (RFC 9110
      // §15.5.16): this route's, and those another version's route takes at this URL.
      const others = request.getAttribute(OTHER_CONTENT_TYPES) ?? [];
      const accept = [...new Set([...this.#contentTypes, ...others])];
      throw new ApiProblem(415, 'Invalid content-type specified', {
        headers: { accept: accept.join(', ') },
      });
    }
    if (essence(contentType as string) === 'multipart/form-data')
      return parseMultipart(bytes, contentType as string);
    return parseBody(bytes, contentType as string);
  }
}
