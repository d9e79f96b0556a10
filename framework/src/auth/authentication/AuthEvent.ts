import type { ServerRequest } from '../../http/ServerRequest.ts';
import type { AuthenticationFailure } from '../schemes/AuthenticationAdapter.ts';
import { GUEST, type Identity } from './Identity.ts';

/**
 * The names of the four events of authentication and authorization, in the order they are
 * triggered for each request:
 *
 * 1. `authentication`: before the adapters run; a listener may set `identity` itself.
 * 2. `authentication.post`: the identity (or the failure) is known.
 * 3. `authorization`: `resource`, `privilege` and the rules' verdict are known; a listener may deny.
 * 4. `authorization.post`: the final verdict, before the 401, 403 or the request goes on.
 *
 * @example
 * ```ts
 * const events = new EventManager();
 * events.on<AuthEvent>(AuthEvents.AUTHORIZATION, (event) => {
 *   if (!event.identity.authenticated) event.deny();
 * });
 * ```
 *
 * @category Authentication
 */
export const AuthEvents = {
  /** Before the adapters run. */
  AUTHENTICATION: 'authentication',
  /** After authentication. */
  AUTHENTICATION_POST: 'authentication.post',
  /** The authorization decision; listeners may deny. */
  AUTHORIZATION: 'authorization',
  /** After the authorization decision. */
  AUTHORIZATION_POST: 'authorization.post',
} as const;

/**
 * What listeners of the {@link AuthEvents} receive and may change, as Apigility's
 * MvcAuthEvent: the request, who sent it, and, for authorization, what it asks for.
 *
 * @example
 * ```ts
 * // Only editors may delete, whatever the rules say.
 * const events = new EventManager();
 * events.on<AuthEvent>(AuthEvents.AUTHORIZATION, (event) => {
 *   if (event.privilege === 'DELETE' && !event.identity.hasRole('editor')) {
 *     event.deny();
 *   }
 * });
 * ```
 *
 * @category Authentication
 */
export class AuthEvent {
  /** The request. */
  readonly request: ServerRequest;
  /** Who sent it: the guest until authentication proves otherwise. */
  identity: Identity = GUEST;
  /** Why the credentials were refused, when they were. */
  failure: AuthenticationFailure | undefined;
  /**
   * What is asked for: `<service>::entity`, `<service>::collection`, an RPC action
   * (`<service>::<action>`), or the name of any other route.
   */
  resource: string | undefined;
  /**
   * How: the HTTP method, and `GET` for a `HEAD` request. HEAD follows GET: a listener that
   * denies a GET must deny what a HEAD would show of it (its `ETag`, its length) too.
   */
  readonly privilege: string;
  /** Whether the request may go on; the rules set it, listeners may change it. */
  authorized = true;

  /**
   * Creates the event.
   */
  constructor(request: ServerRequest) {
    this.request = request;
    this.privilege = request.method === 'HEAD' ? 'GET' : request.method;
  }

  /** Refuses the request: 401 for a guest, 403 for an authenticated identity. */
  deny(): void {
    this.authorized = false;
  }
}
