import { type Attribute, attribute } from '../http/Attribute.ts';

/**
 * The parsed request body, set by {@link ContentNegotiation} when the request has one.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.pipe('/echo', new ContentNegotiation());
 * app.post('/echo', (request, response) =>
 *   json({ received: request.getAttribute(PARSED_BODY) ?? null }, response),
 * );
 * ```
 *
 * @category Negotiation
 */
export const PARSED_BODY: Attribute<unknown> = attribute<unknown>('hyperpipe.parsedBody');

/**
 * The media type negotiated for the response, set by {@link ContentNegotiation}.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * const accept = ['application/json', 'text/csv'];
 * app.pipe('/report', new ContentNegotiation({ accept }));
 * app.get('/report', (request, response) =>
 *   request.getAttribute(MEDIA_TYPE) === 'text/csv'
 *     ? text('name\nAda\n', response)
 *     : json([{ name: 'Ada' }], response),
 * );
 * ```
 *
 * @category Negotiation
 */
export const MEDIA_TYPE: Attribute<string> = attribute<string>('hyperpipe.mediaType');
