import { preferredMediaType } from '../http/preferredMediaType.ts';

/**
 * A vendor media type such as `application/vnd.conference.v2.speaker+json`: the vendor,
 * the version, and optionally the resource it is about.
 */
const VENDOR = /^application\/vnd\.([^.+;\s]+)\.v(\d+)(?:\.([\w-]+))?(\+[\w-]+)?$/i;

/**
 * The essence of a media type: type/subtype, lower-case, without parameters.
 *
 * @param mediaType - a media type, with or without parameters
 *
 * @example
 * ```ts
 * essence('Application/JSON; charset=utf-8'); // 'application/json'
 * ```
 *
 * @category Negotiation
 */
export function essence(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * The parts of a vendor media type.
 *
 * @category Negotiation
 */
export interface VendorType {
  /** The vendor, `conference` in `application/vnd.conference.v2+json`. */
  vendor: string;
  /** The version number. */
  version: number;
  /** The resource, `speaker` in `application/vnd.conference.v2.speaker+json`, if any. */
  resource: string | undefined;
  /** The structured syntax suffix, such as `+json`, or `''`. */
  suffix: string;
}

/**
 * The parts of a vendor media type, or `undefined` for any other type.
 *
 * @example
 * ```ts
 * parseVendorType('application/vnd.conference.v2.speaker+json');
 * // { vendor: 'conference', version: 2, resource: 'speaker', suffix: '+json' }
 * ```
 *
 * @category Negotiation
 */
export function parseVendorType(mediaType: string): VendorType | undefined {
  const match = VENDOR.exec(essence(mediaType));
  if (!match) return undefined;
  return {
    vendor: match[1] as string,
    version: Number(match[2]),
    resource: match[3],
    suffix: match[4] ?? '',
  };
}

/**
 * A vendor type without its resource part: `application/vnd.x.v2.speaker+json` →
 * `application/vnd.x.v2+json`, so that one whitelist entry accepts both spellings.
 *
 * @example
 * ```ts
 * withoutResource('application/vnd.conference.v2.speaker+json');
 * // 'application/vnd.conference.v2+json'
 * ```
 *
 * @category Negotiation
 */
export function withoutResource(mediaType: string): string {
  const vendor = parseVendorType(mediaType);
  if (!vendor?.resource) return mediaType;
  return `application/vnd.${vendor.vendor}.v${vendor.version}${vendor.suffix}`;
}

/**
 * Picks the media type to answer with: the whitelist entry the client prefers, honouring
 * q-values, wildcards and parameters (the rules of HTTP, in `http/preferredMediaType.ts`),
 * where a vendor type with a resource part counts as the type without it unless the
 * whitelist names it with that part. A missing
 * `Accept` means "anything", so the first entry, the default, wins. `undefined` means
 * nothing acceptable: a 406.
 *
 * @param accept - the request's `Accept` header, or `null` without one
 * @param whitelist - the media types the response can take, the default first
 *
 * @example
 * ```ts
 * const types = ['application/hal+json', 'application/vnd.conference.v2+json'];
 * // the vendor type:
 * negotiateMediaType('application/vnd.conference.v2+json', types);
 * negotiateMediaType('*\/*', types); // 'application/hal+json'
 * negotiateMediaType('text/html', types); // undefined: a 406
 * ```
 *
 * @category Negotiation
 */
export function negotiateMediaType(
  accept: string | null,
  whitelist: readonly string[],
): string | undefined {
  // A vendor type named with its resource counts as the type without it, so that one
  // whitelist entry accepts both spellings; one the whitelist spells out is kept as it is.
  const ranges = accept
    ?.split(',')
    .map((range) => {
      const [type = '', ...parameters] = range.split(';');
      return [whitelistedSpelling(type.trim(), whitelist), ...parameters].join(';');
    })
    .join(',');
  return preferredMediaType(ranges ?? null, whitelist);
}

/**
 * A media type as a whitelist can name it: as spelled when an entry spells it so (such as
 * `application/vnd.x.v1.speaker+json` itself), else without its resource part.
 */
function whitelistedSpelling(mediaType: string, whitelist: readonly string[]): string {
  const spelled = essence(mediaType);
  return whitelist.some((entry) => essence(entry) === spelled)
    ? mediaType
    : withoutResource(mediaType);
}

/**
 * Whether a request's Content-Type is one of the whitelisted types (compared by essence,
 * a vendor type's resource part as {@link negotiateMediaType} compares it).
 *
 * @param contentType - the request's `Content-Type` header, or `null` without one
 * @param whitelist - the media types a body may have
 *
 * @example
 * ```ts
 * // true:
 * isAllowedContentType('application/json; charset=utf-8', ['application/json']);
 * ```
 *
 * @category Negotiation
 */
export function isAllowedContentType(
  contentType: string | null,
  whitelist: readonly string[],
): boolean {
  if (contentType === null) return false;
  const wanted = essence(whitelistedSpelling(essence(contentType), whitelist));
  return whitelist.some((allowed) => essence(allowed) === wanted);
}

/**
 * Whether a media type carries JSON: `application/json` or any `+json` type.
 *
 * @example
 * ```ts
 * isJsonType('application/problem+json'); // true
 * ```
 *
 * @category Negotiation
 */
export function isJsonType(mediaType: string): boolean {
  const type = essence(mediaType);
  return type === 'application/json' || type.endsWith('+json');
}
