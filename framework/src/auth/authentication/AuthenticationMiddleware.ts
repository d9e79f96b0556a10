import type { EventManager } from '../../events/EventManager.ts';
import type { ResponsePrototype } from '../../http/ResponsePrototype.ts';
import type { ServerRequest } from '../../http/ServerRequest.ts';
import type { MiddlewareInterface, Next } from '../../middleware/Middleware.ts';
import { ROUTE_RESULT } from '../../router/RouteResult.ts';
import { tooManyFailures } from '../limits/AuthenticationLimits.ts';
import { AuthEvent, AuthEvents } from './AuthEvent.ts';
import type { Authentication, Authenticator } from './Authenticator.ts';
import { IDENTITY } from './identityAttribute.ts';
import { unauthorized } from './unauthorized.ts';

/**
 * Authentication, as a step of the pipeline: triggers `authentication`, lets the
 * {@link Authenticator} find who sent the request unless a listener already did, triggers
 * `authentication.post`, and stores an authenticated identity under {@link IDENTITY}.
 *
 * Credentials that do not prove anything (wrong password, bad token, malformed header) are
 * answered with 401 and the challenges even where no identity is needed: a client that
 * sends credentials wants to know they are wrong. No credentials at all is the guest.
 *
 * A route with the option `authentication: false` is left alone: the OAuth2 token endpoint
 * is one, since the Basic header sent to it names a client, not a user.
 *
 * @example
 * ```ts
 * // password: password
 * const users = Htpasswd.parse('learner:{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=');
 * const authenticator = new Authenticator([new BasicAdapter(users, 'api')]);
 * const events = new EventManager();
 * const app = createApplication();
 * app.pipe(new AuthenticationMiddleware(authenticator, events));
 * app.get('/me', (request, response) =>
 *   json({ name: request.getAttribute(IDENTITY)?.name ?? 'guest' }, response),
 * );
 * ```
 *
 * @see The REST guide:
 * [authentication and authorization](../../../../docs/rest.md#authentication-and-authorization)
 * @category Authentication
 */
export class AuthenticationMiddleware implements MiddlewareInterface {
  readonly #authenticator: Authenticator;
  readonly #events: EventManager;

  /**
   * Creates the middleware.
   *
   * @param events - where the authentication events are triggered
   */
  constructor(authenticator: Authenticator, events: EventManager) {
    this.#authenticator = authenticator;
    this.#events = events;
  }

  /**
   * Authenticates the request, then passes it on or answers 401.
   *
   * @param request - the request, routed: a route may opt out with `authentication: false`
   * @param response - the response prototype, whose headers the 401 carries
   */
  async process(
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Promise<Response> {
    if (request.getAttribute(ROUTE_RESULT)?.route?.options.authentication === false)
      return next(request, response);
    const { AUTHENTICATION, AUTHENTICATION_POST } = AuthEvents;
    const event = new AuthEvent(request);
    // Events are triggered only when someone listens: an await costs every request.
    if (this.#events.has(AUTHENTICATION)) await this.#events.trigger(AUTHENTICATION, event);
    let found: Authentication | undefined;
    if (!event.identity.authenticated) {
      found = await this.#authenticator.authenticate(request);
      event.identity = found.identity;
      event.failure = found.failure;
    }
    if (found?.retryAfter !== undefined) throw tooManyFailures(found.retryAfter, found.because);
    if (this.#events.has(AUTHENTICATION_POST)) {
      await this.#events.trigger(AUTHENTICATION_POST, event);
    }
    if (event.failure !== undefined) {
      const challenges = this.#authenticator.challenges(event.failure);
      return unauthorized(challenges, event.failure.reason, response);
    }
    if (!event.identity.authenticated) return next(request, response);
    return next(request.withAttribute(IDENTITY, event.identity), response);
  }
}
