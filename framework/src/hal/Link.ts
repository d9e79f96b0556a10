/**
 * A HAL link object (draft-kelly-json-hal section 5): an `href` and the optional
 * attributes that describe the target.
 *
 * @category HAL
 */
export interface Link {
  /** The target URI, or a URI template when `templated` is true. */
  href: string;
  /** Whether `href` is a URI template (RFC 6570). */
  templated?: boolean;
  /** The media type expected at the target. */
  type?: string;
  /** A URL that says the link is deprecated, and why. */
  deprecation?: string;
  /** A secondary key, for telling links of one relation apart. */
  name?: string;
  /** A URI of a profile of the target. */
  profile?: string;
  /** A human-readable label. */
  title?: string;
  /** The language of the target. */
  hreflang?: string;
}

/**
 * The HAL media type.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.get('/', (_request, response) =>
 *   json({ _links: { self: { href: '/' } } }, response, HAL_MEDIA_TYPE),
 * );
 * ```
 *
 * @category HAL
 */
export const HAL_MEDIA_TYPE = 'application/hal+json';
