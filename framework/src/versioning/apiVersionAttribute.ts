import { type Attribute, attribute } from '../http/Attribute.ts';

/**
 * The API version a request resolved to, set by {@link Versioning}.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.pipe(new Versioning(app.router, { vendor: 'conference' }));
 * app.get('/v2/speaker/{id}', (request, response) =>
 *   json({ version: request.getAttribute(API_VERSION) }, response),
 * );
 * // GET /v2/speaker/1 → { "version": 2 }
 * ```
 *
 * @category Versioning
 */
export const API_VERSION: Attribute<number> = attribute<number>('hyperpipe.apiVersion');
