import { type Attribute, attribute } from '../../http/Attribute.ts';
import type { Identity } from './Identity.ts';

/**
 * The request attribute under which {@link AuthenticationMiddleware} stores an authenticated
 * identity. A request without it is the guest's.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.get('/me', (request, response) =>
 *   json({ name: (request.getAttribute(IDENTITY) ?? GUEST).name }, response),
 * );
 * ```
 *
 * @category Authentication
 */
export const IDENTITY: Attribute<Identity> = attribute<Identity>('hyperpipe.identity');
