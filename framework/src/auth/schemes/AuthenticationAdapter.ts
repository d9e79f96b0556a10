import type { ServerRequest } from '../../http/ServerRequest.ts';
import type { Authorization } from './authorizationHeader.ts';

/**
 * What an adapter found: the name the credentials prove, or why they prove nothing.
 *
 * @category Authentication
 */
export type AuthenticationResult = AuthenticationSuccess | AuthenticationFailure;

/**
 * Credentials an adapter accepted.
 *
 * @category Authentication
 */
export interface AuthenticationSuccess {
  /** Always true: the credentials proved who sent the request. */
  readonly ok: true;
  /** The user or client name they proved. */
  readonly name: string;
  /** True when they proved an OAuth2 client acting for itself, not a user. */
  readonly client?: boolean;
}

/**
 * Credentials an adapter refused.
 *
 * @category Authentication
 */
export interface AuthenticationFailure {
  /** Always false: the credentials proved nothing. */
  readonly ok: false;
  /** The scheme of the adapter that refused them, e.g. `Digest`. */
  readonly scheme: string;
  /** Why, for the problem's detail; never the secret itself. */
  readonly reason: string;
  /**
   * Challenges that replace the adapter's usual ones in the 401, such as a Digest challenge
   * with `stale=true` or a Bearer challenge with `error="invalid_token"`.
   */
  readonly challenges?: readonly string[];
  /** The user name the refused credentials claimed: limits count failures per user too. */
  readonly user?: string | undefined;
  /**
   * False for a failure that is no guess, such as a stale Digest nonce after a right
   * password: no limit counts it. Every other failure counts.
   */
  readonly counted?: boolean | undefined;
}

/**
 * One authentication system (HTTP Basic, HTTP Digest, OAuth2 bearer tokens, or your own)
 * behind the interface the {@link Authenticator} uses.
 *
 * @example
 * ```ts
 * // An API key in the `X-Api-Key` header.
 * const apiKeys: AuthenticationAdapter = {
 *   scheme: 'ApiKey',
 *   accepts: (request) => request.headers.has('x-api-key'),
 *   authenticate: async (request) =>
 *     request.headers.get('x-api-key') === 'secret'
 *       ? { ok: true, name: 'robot' }
 *       : failure('ApiKey', 'Unknown API key'),
 *   challenges: () => ['ApiKey realm="api"'],
 * };
 * const authenticator = new Authenticator([apiKeys]);
 * ```
 *
 * @category Authentication
 */
export interface AuthenticationAdapter {
  /** The scheme of its challenges and `Authorization` headers, such as `Basic`. */
  readonly scheme: string;
  /**
   * Whether the request carries credentials for this adapter. Runs on every request that
   * has an `Authorization` header or a query, so it must be cheap: no parsing, no crypto.
   *
   * @param authorization - its `Authorization` header, split; `undefined` without one
   */
  accepts(request: ServerRequest, authorization: Authorization | undefined): boolean;
  /**
   * Verifies the credentials of a request this adapter accepted.
   *
   * @param authorization - its `Authorization` header, split; `undefined` without one
   */
  authenticate(
    request: ServerRequest,
    authorization: Authorization | undefined,
  ): Promise<AuthenticationResult>;
  /** The `WWW-Authenticate` challenges asking for this scheme. */
  challenges(): readonly string[];
}

/**
 * A failure of `scheme` with a reason, and optionally its own challenges.
 *
 * @param scheme - the scheme of the adapter that refuses the credentials
 * @param reason - why, for the 401 problem's detail; never the secret itself
 * @param challenges - challenges that replace the adapter's usual ones in the 401
 * @param more - the user name the credentials claimed, and `counted: false` for a failure
 *   that is no guess
 *
 * @example
 * ```ts
 * const refused = failure('Bearer', 'The access token has expired', [
 *   'Bearer realm="api", error="invalid_token"',
 * ]);
 * ```
 *
 * @category Authentication
 */
export function failure(
  scheme: string,
  reason: string,
  challenges?: readonly string[],
  more: Pick<AuthenticationFailure, 'user' | 'counted'> = {},
): AuthenticationFailure {
  return challenges === undefined
    ? { ok: false, scheme, reason, ...more }
    : { ok: false, scheme, reason, challenges, ...more };
}
