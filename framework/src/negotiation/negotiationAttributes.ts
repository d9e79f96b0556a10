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

/**
 * Request body media types the URL takes besides those of the route's negotiation, which a
 * 415's `Accept` lists too (RFC 9110 §15.5.16). {@link Versioning} sets it on unversioned
 * URLs: `/speaker` takes version 2's vendor type, routed to `/v2/speaker`, though the
 * default version's route does not. Internal: not exported from the package.
 */
export const OTHER_CONTENT_TYPES: Attribute<readonly string[]> = attribute<readonly string[]>(
  'hyperpipe.otherContentTypes',
);
