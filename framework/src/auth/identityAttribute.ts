import { type Attribute, attribute } from '../http/Attribute.ts';
import type { Identity } from './Identity.ts';

/**
 * The request attribute under which {@link AuthenticationMiddleware} stores an authenticated
 * identity. A request without it is the guest's.
 *
 * @category Authentication
 */
export const IDENTITY: Attribute<Identity> = attribute<Identity>('hyperpipe.identity');
