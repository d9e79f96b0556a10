import type { ServerRequest } from '../../../http/ServerRequest.ts';
import { PasswordCheckRefused } from '../../limits/passwordChecks.ts';
import { type AuthenticationResult, failure } from '../AuthenticationAdapter.ts';
import { type Authorization, quote } from '../authorizationHeader.ts';
import { SchemeAdapter } from '../SchemeAdapter.ts';
import type { Htpasswd } from './htpasswd.ts';

const BASE64 = /^[A-Za-z\d+/]+={0,2}$/;

/** The user and password of Basic credentials; undefined when they are not `user:password`. */
function decoded(authorization: Authorization): [string, string] | undefined {
  const pair = BASE64.test(authorization.credentials)
    ? Buffer.from(authorization.credentials, 'base64').toString('utf8')
    : '';
  const colon = pair.indexOf(':');
  return colon < 1 ? undefined : [pair.slice(0, colon), pair.slice(colon + 1)];
}

/**
 * HTTP Basic authentication (RFC 7617): `Authorization: Basic base64(user:password)`,
 * checked against an htpasswd file. Send it over HTTPS only: the password travels as is.
 *
 * @example
 * ```ts
 * const basic = new BasicAdapter(
 *   Htpasswd.fromFile('config/auth/htpasswd'),
 *   'conference',
 * );
 * const authenticator = new Authenticator([basic]);
 * ```
 *
 * @category Authentication
 */
export class BasicAdapter extends SchemeAdapter<Htpasswd> {
  /**
   * Creates the adapter.
   *
   * @param realm - the realm named in the challenge
   */
  constructor(users: Htpasswd, realm: string) {
    super('Basic', users, realm);
  }

  /**
   * Decodes `user:password` and verifies the password.
   *
   * @param _request - the request (its header is enough)
   * @param authorization - its `Authorization` header, split
   */
  async authenticate(
    _request: ServerRequest,
    authorization: Authorization,
  ): Promise<AuthenticationResult> {
    const pair = decoded(authorization);
    if (pair === undefined) return failure(this.scheme, 'Malformed Basic credentials');
    const [user, password] = pair;
    if (!(await this.#verify(user, password))) {
      return failure(this.scheme, 'Invalid user name or password', undefined, { user });
    }
    return { ok: true, name: user };
  }

  /** True: a Basic client sends the same `user:password` every time. */
  override get sameOnEveryRequest(): boolean {
    return true;
  }

  /** The user of `user:password`, unchecked. */
  override claimedName(authorization: Authorization): string | undefined {
    return decoded(authorization)?.[0];
  }

  /** Verifies the password; a check refused for want of room names the user it was for. */
  async #verify(user: string, password: string): Promise<boolean> {
    try {
      return await this.users.verify(user, password);
    } catch (error) {
      throw error instanceof PasswordCheckRefused ? new PasswordCheckRefused(user) : error;
    }
  }

  /** `Basic realm="…", charset="UTF-8"`: RFC 7617's way of saying passwords are UTF-8. */
  challenges(): readonly string[] {
    return [`Basic realm=${quote(this.realm)}, charset="UTF-8"`];
  }
}
