/**
 * `hyperpipe/negotiation`: content negotiation. {@link ContentNegotiation}, piped before a
 * handler, refuses what a route cannot produce (406) or read (415), and parses JSON and form
 * bodies into the {@link PARSED_BODY} attribute; {@link negotiateMediaType} picks a media
 * type from an `Accept` header; {@link readJson} reads a body as JSON in a handler, with the
 * same limits and problems.
 *
 * @packageDocumentation
 */

export {
  ContentNegotiation,
  type ContentNegotiationOptions,
  DEFAULT_BODY_LIMIT,
} from './ContentNegotiation.ts';
export { negotiateMediaType, type VendorType } from './mediaType.ts';
export { MEDIA_TYPE, PARSED_BODY } from './negotiationAttributes.ts';
export { readJson } from './readJson.ts';
