/**
 * `hyperpipe/versioning`: API versions. {@link Versioning} reads the version a request asks
 * for, from the URL (`/v2/…`) or from a vendor media type
 * (`application/vnd.conference.v2+json`), into the {@link API_VERSION} attribute.
 *
 * @packageDocumentation
 */

export { API_VERSION } from './apiVersionAttribute.ts';
export { Versioning, type VersioningOptions } from './Versioning.ts';
