import { type Attribute, attribute } from '../http/Attribute.ts';

/**
 * The API version a request resolved to, set by {@link Versioning}.
 *
 * @category Versioning
 */
export const API_VERSION: Attribute<number> = attribute<number>('hyperpipe.apiVersion');
