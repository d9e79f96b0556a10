import { createRequire } from 'node:module';
import type OAuth2Server from '@node-oauth/oauth2-server';
import { ClientAddresses } from '../../../http/clientAddress.ts';
import type { ServerRequest } from '../../../http/ServerRequest.ts';
import type { MiddlewareInterface } from '../../../middleware/Middleware.ts';
import { readBody } from '../../../negotiation/readBody.ts';
import {
  AuthenticationLimits,
  type GuessOutcome,
  tooManyFailures,
} from '../../limits/AuthenticationLimits.ts';
import { type AuthenticationAttempt, addressKey } from '../../limits/failureKeys.ts';
import { asClient, PasswordCheckRefused } from '../../limits/passwordChecks.ts';
import type { TokenStore } from '../../stores/TokenStore.ts';
import { quote } from '../authorizationHeader.ts';
import type { Htpasswd } from '../basic/htpasswd.ts';
import { oauth2Model } from './oauth2Model.ts';

/**
 * The OAuth2 server library, loaded when the first endpoint is made: an application without a
 * token endpoint never loads it.
 */
function oauth2Server(): typeof OAuth2Server {
  return createRequire(import.meta.url)('@node-oauth/oauth2-server') as typeof OAuth2Server;
}

/**
 * Options of {@link OAuth2TokenEndpoint}.
 *
 * @category Authentication
 */
export interface OAuth2TokenEndpointOptions {
  /** The realm of the Basic challenge sent to a client that failed to authenticate; `api` by default. */
  realm?: string | undefined;
  /** Seconds an access token lives; an hour by default. */
  accessTokenLifetime?: number | undefined;
  /** Seconds a refresh token lives; two weeks by default. */
  refreshTokenLifetime?: number | undefined;
  /**
   * The limits on failed authentications, shared with the {@link Authenticator}: a wrong
   * client secret counts against the client at the client's address, a wrong password
   * against the user at that address. {@link AuthenticationLimits}' defaults, in memory,
   * by default.
   */
  limits?: AuthenticationLimits | undefined;
  /** Where requests come from, shared with the {@link Authenticator}; the socket's address by default. */
  addresses?: ClientAddresses | undefined;
}

/** The largest token request read: a few form fields. */
const BODY_LIMIT = 16 * 1024;

/**
 * The grants this endpoint offers. The library knows `authorization_code` too, but the
 * endpoint has no authorization endpoint to issue codes: asking for it is
 * `unsupported_grant_type`, not the library's `unauthorized_client`, which RFC 6749
 * keeps for a grant the server offers but this client may not use.
 */
const GRANTS: ReadonlySet<string> = new Set(['password', 'client_credentials', 'refresh_token']);

/**
 * The OAuth2 token endpoint (RFC 6749 section 3.2): a form-encoded POST with a
 * `grant_type` of `password`, `client_credentials` or `refresh_token`, answered with the
 * RFC's JSON (`access_token`, `token_type`, `expires_in`, `refresh_token`, `scope`) or its
 * error JSON (`invalid_grant`, `invalid_client`, `unsupported_grant_type`, `invalid_scope`,
 * `invalid_request`, …). A parameter sent twice is `invalid_request`, as section 3.2 says.
 * Clients authenticate with `client_id` and `client_secret` in the body or a Basic header,
 * never both (section 2.3.1: `invalid_request`); a wrong one in the header is answered 401
 * with a Basic challenge naming the realm.
 *
 * Each request counts as a guess before it is checked, and the count is kept only for what
 * proved wrong (a wrong client secret, a wrong password): any number of guesses sent at once
 * get no more answers than the limits allow one after another, and a right secret or
 * password leaves no count behind (see {@link AuthenticationLimits}).
 *
 * The grants themselves are @node-oauth/oauth2-server's: it is small, dependency-light and
 * follows the RFC closely, and its model maps onto the framework's token store. The
 * container builds the endpoint from the `authentication.oauth2` configuration.
 *
 * @example
 * ```ts
 * const container = createContainer({
 *   authentication: {
 *     basic: { htpasswd: 'config/users.htpasswd' },
 *     oauth2: {
 *       database: 'data/oauth.sqlite',
 *       clients: {
 *         workshop: { secret: 'workshop-secret', grants: ['password'] },
 *       },
 *     },
 *   },
 * });
 * const app = createApplication();
 * const endpoint = container.get('OAuth2TokenEndpoint') as OAuth2TokenEndpoint;
 * app.post('/oauth', endpoint, 'oauth');
 * ```
 *
 * @category Authentication
 */
export class OAuth2TokenEndpoint implements MiddlewareInterface {
  readonly #server: OAuth2Server;
  readonly #limits: AuthenticationLimits;
  readonly #addresses: ClientAddresses;
  readonly #realm: string;

  /**
   * Creates the endpoint; the container does, from the `authentication.oauth2` configuration.
   *
   * @param store - the clients and the tokens issued
   * @param users - the users of the password grant
   */
  constructor(store: TokenStore, users: Htpasswd, options: OAuth2TokenEndpointOptions = {}) {
    this.#server = new (oauth2Server())({
      model: oauth2Model(store, users),
      accessTokenLifetime: options.accessTokenLifetime ?? 3600,
      refreshTokenLifetime: options.refreshTokenLifetime ?? 14 * 24 * 3600,
    });
    this.#limits = options.limits ?? new AuthenticationLimits();
    this.#addresses = options.addresses ?? new ClientAddresses();
    this.#realm = options.realm ?? 'api';
  }

  /**
   * Answers a token request.
   *
   * @param request - the form-encoded POST of a token request
   */
  async process(request: ServerRequest): Promise<Response> {
    const bytes = await readBody(request.request, BODY_LIMIT);
    const form = new URLSearchParams(new TextDecoder().decode(bytes));
    // RFC 6749 §3.1: a parameter sent without a value is as if it were not sent (a form
    // whose `scope` field is left empty asks for no scope, not for the scope "").
    const body = Object.fromEntries([...form].filter(([, value]) => value !== ''));
    // Counted as a guess before any hashing, and refused unchecked while the address, or the
    // client or user it names, must wait.
    const attempt = this.#attemptOf(request, body);
    const admission = await this.#limits.admit(attempt);
    if (admission.retryAfter > 0) throw tooManyFailures(admission.retryAfter, admission.because);
    const libraryRequest = new (oauth2Server().Request)({
      method: request.method,
      // The library reads the body's type from these headers, so they must describe what was read.
      headers: { ...Object.fromEntries(request.headers), 'content-length': String(bytes.length) },
      query: Object.fromEntries(request.query),
      body,
    });
    const libraryResponse = new (oauth2Server().Response)();
    try {
      refuseWhatTheLibraryAccepts(form, request);
      await asClient(addressKey(attempt.address), () =>
        this.#server.token(libraryRequest, libraryResponse),
      );
      await admission.settle('right');
      return jsonAnswer(
        libraryResponse.status ?? 200,
        libraryResponse.body,
        libraryResponse.headers,
      );
    } catch (error) {
      // The wrong guess that uses up an allowance is answered 429 already.
      const wait = await admission.settle(outcomesOf(error));
      if (wait > 0) throw tooManyFailures(wait);
      // A failing token store is the server's problem, not an OAuth2 answer. The library
      // wraps what the model threw in its ServerError, keeping it as `inner`: rethrown, it
      // reaches the error middleware like any other error (the 503 problem with Retry-After
      // of a shared store that cannot be reached), never the library's `server_error` JSON.
      if (error instanceof oauth2Server().ServerError)
        throw (error as { inner?: unknown }).inner ?? error;
      if (!(error instanceof oauth2Server().OAuthError)) throw error;
      // Built from the error, not the library's response: the library fills the response
      // only for errors raised after it checked the method and content type.
      const body = { error: error.name, error_description: error.message };
      const headers = { ...libraryResponse.headers };
      // The library's challenge names its own realm, "Service"; the client should see ours.
      if (headers['www-authenticate'] !== undefined)
        headers['www-authenticate'] = `Basic realm=${quote(this.#realm)}, charset="UTF-8"`;
      return jsonAnswer(error.code, body, headers);
    }
  }

  /** Whom a token request names: its address, the client, and the user of a password grant. */
  #attemptOf(request: ServerRequest, body: Record<string, string>): AuthenticationAttempt {
    const basic = /^basic\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    const pair = basic === undefined ? '' : Buffer.from(basic, 'base64').toString('utf8');
    const client = pair.includes(':') ? pair.slice(0, pair.indexOf(':')) : body.client_id;
    return {
      address: this.#addresses.of(request.request),
      client: client || undefined,
      user: body.grant_type === 'password' && body.username ? body.username : undefined,
    };
  }
}

/**
 * How a refused token request counts: a wrong secret is the client's wrong guess; a wrong
 * password (`invalid_grant`, raised only once the client proved right) the user's; anything
 * else, a check refused for want of room included, nobody's.
 */
function outcomesOf(error: unknown): Record<'user' | 'client', GuessOutcome> {
  const name = error instanceof oauth2Server().OAuthError ? error.name : undefined;
  const inner = (error as { inner?: unknown } | undefined)?.inner;
  if (name === 'invalid_client') return { client: 'wrong', user: 'unchecked' };
  if (name === 'invalid_grant' && !(inner instanceof PasswordCheckRefused))
    return { client: 'right', user: 'wrong' };
  return { client: 'unchecked', user: 'unchecked' };
}

/**
 * Refuses, as the library's own errors, requests RFC 6749 forbids and the library lets
 * through: client credentials in the header and the body (section 2.3.1), a parameter sent
 * twice (section 3.2; the form would keep one and drop the other unseen), and a grant this
 * endpoint does not offer (section 5.2).
 */
function refuseWhatTheLibraryAccepts(form: URLSearchParams, request: ServerRequest): void {
  // RFC 6749 section 2.3.1: a client uses one authentication method per request.
  if (request.headers.has('authorization') && (form.has('client_id') || form.has('client_secret')))
    throw new (oauth2Server().InvalidRequestError)(
      'Invalid request: client credentials in both the Authorization header and the body',
    );
  const seen = new Set<string>();
  for (const name of form.keys()) {
    if (seen.has(name))
      throw new (oauth2Server().InvalidRequestError)(
        `Invalid request: \`${name}\` is included more than once`,
      );
    seen.add(name);
  }
  const grant = form.get('grant_type');
  if (grant && !GRANTS.has(grant))
    throw new (oauth2Server().UnsupportedGrantTypeError)(
      'Unsupported grant type: `grant_type` is not offered by this endpoint',
    );
}

function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'content-type': 'application/json' },
  });
}
