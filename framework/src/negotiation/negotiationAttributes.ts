import { type Attribute, attribute } from '../http/Attribute.ts';

/**
 * The parsed request body, set by {@link ContentNegotiation} when the request has one.
 *
 * @category Negotiation
 */
export const PARSED_BODY: Attribute<unknown> = attribute<unknown>('hyperpipe.parsedBody');

/**
 * The media type negotiated for the response, set by {@link ContentNegotiation}.
 *
 * @category Negotiation
 */
export const MEDIA_TYPE: Attribute<string> = attribute<string>('hyperpipe.mediaType');
