import type { ServerRequest } from '../../http/ServerRequest.ts';
import type { SettlesWith } from '../stores/StoreCheck.ts';
import type { AuthenticationAdapter, AuthenticationResult } from './AuthenticationAdapter.ts';
import type { Authorization } from './authorizationHeader.ts';

/**
 * What HTTP Basic and HTTP Digest share: credentials in `Authorization: <scheme> …`, checked
 * against a file of users, for one realm. A subclass says how it checks the credentials and
 * what its challenges ask for.
 *
 * @example
 * ```ts
 * // `Authorization: ApiKey <key>`, checked against a map of keys to client names.
 * class ApiKeyAdapter extends SchemeAdapter<ReadonlyMap<string, string>> {
 *   constructor(keys: ReadonlyMap<string, string>) {
 *     super('ApiKey', keys, 'api');
 *   }
 *   async authenticate(_request: ServerRequest, authorization: Authorization) {
 *     const name = this.users.get(authorization.credentials);
 *     return name === undefined
 *       ? failure(this.scheme, 'Unknown API key')
 *       : { ok: true as const, name };
 *   }
 *   challenges() {
 *     return [`ApiKey realm="${this.realm}"`];
 *   }
 * }
 * const keys = new Map([['k-123', 'ci']]);
 * const authenticator = new Authenticator([new ApiKeyAdapter(keys)]);
 * ```
 *
 * @typeParam Users - the file of users, such as an {@link Htpasswd}
 *
 * @category Authentication
 */
export abstract class SchemeAdapter<Users> implements AuthenticationAdapter {
  /** The scheme of its header and challenges, such as `Basic`. */
  readonly scheme: string;
  // Private fields, read through getters: printing an adapter never shows the users' hashes.
  readonly #users: Users;
  readonly #realm: string;
  // The split header's scheme is lower-case: compared on every request that has a header.
  readonly #headerScheme: string;

  /**
   * Creates the adapter.
   *
   * @param scheme - the scheme as its challenges spell it; headers may spell it in any case
   * @param realm - the realm its challenges name
   */
  protected constructor(scheme: string, users: Users, realm: string) {
    this.scheme = scheme;
    this.#users = users;
    this.#realm = realm;
    this.#headerScheme = scheme.toLowerCase();
  }

  /** The users whose credentials it accepts. */
  protected get users(): Users {
    return this.#users;
  }

  /** The realm its challenges name. */
  protected get realm(): string {
    return this.#realm;
  }

  /**
   * Accepts `Authorization: <scheme> …`.
   *
   * @param _request - the request (its header is enough)
   * @param authorization - its `Authorization` header, split
   */
  accepts(_request: ServerRequest, authorization: Authorization | undefined): boolean {
    return authorization?.scheme === this.#headerScheme;
  }

  /**
   * Whether its credentials are the same on every request, as Basic's are: identical ones
   * in flight then share one check. False for credentials that sign one request (Digest),
   * where sharing would let a replay in.
   */
  get sameOnEveryRequest(): boolean {
    return false;
  }

  /**
   * The user name the credentials claim, read before they are checked, so that the limits
   * can count a guess against that user's account (see {@link AuthenticationLimits});
   * undefined when they name nobody. Never trust it: nothing is checked yet.
   *
   * @param _authorization - its `Authorization` header, split
   */
  claimedName(_authorization: Authorization): string | undefined {
    return undefined;
  }

  /**
   * Verifies the credentials of a request this adapter accepted.
   *
   * @param authorization - its `Authorization` header, split
   * @param admission - the admission the limits gave the attempt: a check the shared store
   *   makes once the credentials proved right (Digest's nonce count) can go with its settling,
   *   in the same round trip
   */
  abstract authenticate(
    request: ServerRequest,
    authorization: Authorization,
    admission?: SettlesWith,
  ): Promise<AuthenticationResult>;

  /** The `WWW-Authenticate` challenges asking for this scheme. */
  abstract challenges(): readonly string[];
}
