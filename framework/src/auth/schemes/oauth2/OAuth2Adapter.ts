import type { ServerRequest } from '../../../http/ServerRequest.ts';
import { ApiProblem } from '../../../problem/ApiProblem.ts';
import type { TokenStore } from '../../stores/TokenStore.ts';
import {
  type AuthenticationAdapter,
  type AuthenticationResult,
  failure,
} from '../AuthenticationAdapter.ts';
import { type Authorization, quote } from '../authorizationHeader.ts';

// RFC 6750 section 2.1: b64token.
const B64TOKEN = /^[A-Za-z\d\-._~+/]+=*$/;

/**
 * OAuth2 bearer tokens (RFC 6750), as the token endpoint issued them: from
 * `Authorization: Bearer <token>`, or from the `access_token` query parameter for clients
 * that cannot set headers (it ends up in logs and browser history: prefer the header).
 * Both at once is a 400 `invalid_request` (RFC 6750 section 2 allows one method a request),
 * and so is `Bearer` without a token.
 *
 * @example
 * ```ts
 * const bearer = new OAuth2Adapter(
 *   new SqliteTokenStore('data/oauth.sqlite'),
 *   'conference',
 * );
 * const authenticator = new Authenticator([bearer]);
 * ```
 *
 * @category Authentication
 */
export class OAuth2Adapter implements AuthenticationAdapter {
  /** The scheme of its header and challenge. */
  readonly scheme = 'Bearer';
  readonly #tokens: TokenStore;
  readonly #realm: string;

  /**
   * Creates the adapter.
   *
   * @param realm - the realm named in the challenge
   */
  constructor(tokens: TokenStore, realm: string) {
    this.#tokens = tokens;
    this.#realm = realm;
  }

  /**
   * Accepts `Authorization: Bearer …`, or an `access_token` query parameter when there is no
   * `Authorization` header. A substring test first: most URLs have no such parameter, and
   * looking costs nothing then.
   *
   * @param request - the request, for the `access_token` query parameter
   * @param authorization - its `Authorization` header, split; `undefined` without one
   */
  accepts(request: ServerRequest, authorization: Authorization | undefined): boolean {
    if (authorization !== undefined) return authorization.scheme === 'bearer';
    return request.request.url.includes('access_token=') && request.query.has('access_token');
  }

  /**
   * Looks the token up; unknown, revoked and expired tokens are all `invalid_token`.
   *
   * @param request - the request, for the `access_token` query parameter
   * @param authorization - its `Authorization` header, split; `undefined` without one
   *
   * @throws {ApiProblem} 400 when the request carries a token in the header and the query, or
   *   names Bearer in the header without a token; 503 when the token store cannot be reached
   *   (a token that cannot be looked up is refused, never taken for unknown)
   */
  async authenticate(
    request: ServerRequest,
    authorization: Authorization | undefined,
  ): Promise<AuthenticationResult> {
    if (authorization !== undefined && request.query.has('access_token')) throw this.#twoTokens();
    if (authorization?.credentials === '') throw this.#noToken();
    const token = authorization?.credentials ?? request.query.get('access_token') ?? '';
    if (!B64TOKEN.test(token)) return this.#invalid('The access token is malformed');
    const found = await this.#tokens.findAccessToken(token);
    if (found === undefined) return this.#invalid('The access token is unknown or revoked');
    if (found.accessTokenExpiresAt.getTime() <= Date.now())
      return this.#invalid('The access token has expired');
    // A client_credentials token stands for no user (see oauth2Model.ts): the client's own.
    if (found.userName === '') return { ok: true, name: found.clientId, client: true };
    return { ok: true, name: found.userName };
  }

  /** `Bearer realm="…"`. */
  challenges(): readonly string[] {
    return [`Bearer realm=${quote(this.#realm)}`];
  }

  /**
   * The challenge of a 403 to a token's identity (RFC 6750 section 3.1): the token is good,
   * but does not allow what was asked.
   */
  insufficientScope(): string {
    return `Bearer realm=${quote(this.#realm)}, error="insufficient_scope"`;
  }

  /**
   * The 400 `invalid_request` of RFC 6750 section 3.1 for a malformed request. Thrown, not a
   * failure: a failure is a 401, which would tell the client to try other credentials, and
   * this is no guess at a token either, so no limit counts it.
   */
  #invalidRequest(reason: string, detail: string): ApiProblem {
    return new ApiProblem(400, detail, {
      headers: {
        'www-authenticate': `Bearer realm=${quote(this.#realm)}, error="invalid_request", error_description=${quote(reason)}`,
      },
    });
  }

  #twoTokens(): ApiProblem {
    const reason = 'A bearer token was sent both in the Authorization header and as access_token';
    return this.#invalidRequest(reason, `${reason}: send it one way only`);
  }

  /** `Authorization: Bearer` and nothing after it: a request missing its token, not a bad one. */
  #noToken(): ApiProblem {
    const reason = 'The Authorization header names Bearer but carries no token';
    return this.#invalidRequest(reason, `${reason}: send "Bearer <token>"`);
  }

  /** A failure whose challenge tells the client, as RFC 6750 asks, that the token is bad. */
  #invalid(reason: string) {
    return failure(this.scheme, reason, [
      `Bearer realm=${quote(this.#realm)}, error="invalid_token", error_description=${quote(reason)}`,
    ]);
  }
}
