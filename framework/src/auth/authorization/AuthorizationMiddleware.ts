import type { EventManager } from '../../events/EventManager.ts';
import type { ResponsePrototype } from '../../http/ResponsePrototype.ts';
import type { ServerRequest } from '../../http/ServerRequest.ts';
import type { MiddlewareInterface, Next } from '../../middleware/Middleware.ts';
import { ApiProblem } from '../../problem/ApiProblem.ts';
import type { Route } from '../../router/Route.ts';
import { ROUTE_RESULT } from '../../router/RouteResult.ts';
import { AuthEvent, AuthEvents } from '../authentication/AuthEvent.ts';
import type { Authenticator } from '../authentication/Authenticator.ts';
import { GUEST } from '../authentication/Identity.ts';
import { IDENTITY } from '../authentication/identityAttribute.ts';
import { unauthorized } from '../authentication/unauthorized.ts';
import { parseAuthorization } from '../schemes/authorizationHeader.ts';
import { OAuth2Adapter } from '../schemes/oauth2/OAuth2Adapter.ts';
import type { AuthorizationRules } from './AuthorizationRules.ts';
import { AUTHORIZED } from './authorizationGuard.ts';
import { resourceOf } from './resourceOf.ts';
import { ruleProblem } from './rulesAgainstRoutes.ts';

// It says where the middleware belongs, not the configuration to paste: the workshop's step 13
// teaches that in its hints, a rung at a time, and this message is what its learners meet.
const UNROUTED =
  'AuthorizationMiddleware ran before routing, so it cannot tell which resource a request is for, ' +
  'and it refuses every request until it can. Pipe it after the routing middleware and before ' +
  'dispatch, after AuthenticationMiddleware (docs/authentication.md, "Who may do what").';

/**
 * Authorization, as a step between routing and dispatch: finds the resource of the matched
 * route, asks the rules whether the method needs an authenticated identity (a user's: an
 * OAuth2 client acting for itself is none, and gets a 403), lets the
 * `authorization` listeners change the verdict, triggers `authorization.post`, then
 * answers 401 (a guest, with the challenges) or 403 (an identity that may not; to a bearer
 * token's, with `error="insufficient_scope"`), or goes on, marking the request as judged
 * ({@link AUTHORIZED}) for dispatch's guard.
 *
 * When no rule names the method and nobody listens, it judges without any work. Piped where
 * no routing ran before it, it cannot judge anything, so it refuses every request with an
 * error that says where it belongs (it fails closed); piped too late or left out, the guard
 * refuses instead (see `authorizationGuard.ts`).
 *
 * @example
 * ```ts
 * // password: password
 * const users = Htpasswd.parse('learner:{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=');
 * const authenticator = new Authenticator([new BasicAdapter(users, 'api')]);
 * const rules = new AuthorizationRules().require('talks', ['POST']);
 * const events = new EventManager();
 * const app = createApplication();
 * app.pipe(new AuthenticationMiddleware(authenticator, events));
 * app.pipeRoutingMiddleware();
 * app.pipe(new AuthorizationMiddleware(rules, authenticator, events));
 * app.pipeDispatchMiddleware();
 * app.post(
 *   '/talks',
 *   (_request, response) => json({ created: true }, response),
 *   'talks',
 * );
 * ```
 *
 * @see The REST guide:
 * [authentication and authorization](../../../../docs/rest.md#authentication-and-authorization)
 * @category Authentication
 */
export class AuthorizationMiddleware implements MiddlewareInterface {
  readonly #rules: AuthorizationRules;
  readonly #authenticator: Authenticator;
  readonly #events: EventManager;
  readonly #routes: (() => readonly Route[]) | undefined;
  /** Undefined until the rules were checked against the routes; then the error, or null. */
  #misconfigured: Error | null | undefined;

  /**
   * Creates the middleware.
   *
   * @param authenticator - for the challenges of a 401
   * @param events - where the authorization events are triggered
   * @param routes - the application's routes: given, every rule must apply to them
   *   (checked at the first request), or every request is refused. `app.run()` checks
   *   sooner, at start, where the container built the rules (see `rulesAgainstRoutes.ts`);
   *   this check holds for an application served otherwise, or handling requests in-process
   */
  constructor(
    rules: AuthorizationRules,
    authenticator: Authenticator,
    events: EventManager,
    routes?: () => readonly Route[],
  ) {
    this.#rules = rules;
    this.#authenticator = authenticator;
    this.#events = events;
    this.#routes = routes;
  }

  /**
   * Authorizes the routed request.
   *
   * @param request - the request, after routing and authentication
   * @param response - the response prototype, whose headers a 401 carries
   * @param next - the rest of the pipeline, called when the request is authorized
   */
  async process(
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Promise<Response> {
    const routed = request.getAttribute(ROUTE_RESULT);
    // Fail closed: without routing there is no resource to judge, and letting the request
    // through would let every anonymous write through.
    if (routed === undefined) throw new Error(UNROUTED);
    this.#checkRules();
    const { route } = routed;
    // No route matched: nothing will run to authorize, and the 404 follows.
    if (route === undefined) return next(request, response);
    // Dispatch's guard looks for this mark: the route's middleware runs only once judged.
    const judged = request.withAttribute(AUTHORIZED, route);
    const resource = resourceOf(route);
    const needsIdentity = this.#rules.requiresAuthentication(resource, request.method);
    const { AUTHORIZATION, AUTHORIZATION_POST } = AuthEvents;
    if (!needsIdentity && !this.#events.has(AUTHORIZATION) && !this.#events.has(AUTHORIZATION_POST))
      return next(judged, response);
    const event = new AuthEvent(request);
    event.identity = request.getAttribute(IDENTITY) ?? GUEST;
    event.resource = resource;
    // A client_credentials token proves a client acting for itself (RFC 6749 §4.4), no user.
    event.authorized = !needsIdentity || (event.identity.authenticated && !event.identity.client);
    // Triggered only when someone listens: an await costs every request.
    if (this.#events.has(AUTHORIZATION)) await this.#events.trigger(AUTHORIZATION, event);
    if (this.#events.has(AUTHORIZATION_POST)) await this.#events.trigger(AUTHORIZATION_POST, event);
    if (event.authorized) return next(judged, response);
    if (!event.identity.authenticated) {
      return unauthorized(this.#authenticator.challenges(), 'Authentication is required', response);
    }
    const refused = `${request.method} ${resource}`;
    const detail =
      needsIdentity && event.identity.client
        ? `The OAuth2 client ${event.identity.name} acts for no user, and ${refused} needs ` +
          "one: use a user's token (the password grant) or credentials"
        : `${event.identity.name} may not ${refused}`;
    throw new ApiProblem(403, detail, { headers: this.#bearerChallenge(request) });
  }

  /**
   * RFC 6750 section 3.1: a 403 to a bearer token's identity says `insufficient_scope`, so
   * that the client knows another token, not the same one again, could do it.
   */
  #bearerChallenge(request: ServerRequest): Record<string, string> | undefined {
    const header = request.headers.get('authorization');
    const authorization = header === null ? undefined : parseAuthorization(header);
    const bearer = this.#authenticator.adapters.find(
      (adapter) => adapter instanceof OAuth2Adapter && adapter.accepts(request, authorization),
    ) as OAuth2Adapter | undefined;
    return bearer && { 'www-authenticate': bearer.insufficientScope() };
  }

  /**
   * Fails closed on a rule that cannot apply: one that names a resource no route serves (a
   * misspelt name), or a method no route of the resource answers. Either would leave
   * public, without a word, what the rule meant to protect.
   */
  #checkRules(): void {
    if (this.#misconfigured === undefined) {
      const problem = this.#routes ? ruleProblem(this.#rules, this.#routes()) : undefined;
      this.#misconfigured =
        problem === undefined
          ? null
          : new Error(
              `${problem}. AuthorizationMiddleware refuses every request until it is fixed.`,
            );
    }
    if (this.#misconfigured) throw this.#misconfigured;
  }
}
