import { clientAddress } from '../http/clientAddress.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import type { AuthenticationAdapter, AuthenticationFailure } from './AuthenticationAdapter.ts';
import { AuthenticationLimits, addressKey } from './AuthenticationLimits.ts';
import { parseAuthorization } from './authorizationHeader.ts';
import { authenticatedIdentity, GUEST, type Identity } from './Identity.ts';

/**
 * Who a request's credentials say sent it, or why they were refused.
 *
 * @category Authentication
 */
export interface Authentication {
  /** The identity; the guest when there were no credentials or they were refused. */
  readonly identity: Identity;
  /** Why the credentials were refused, when they were. */
  readonly failure?: AuthenticationFailure | undefined;
  /**
   * Seconds the client must wait, when it (its address, or the user it named) used up its
   * failed authentications: the request was refused whatever its credentials.
   */
  readonly retryAfter?: number | undefined;
}

/**
 * The configured authentication adapters, in order, with the roles of the identities
 * they prove. It picks the adapter whose credentials the request carries; a request without
 * credentials is the guest, found without any work.
 *
 * @example
 * ```ts
 * const users = Htpasswd.parse('editor:{SHA}5en6G6MezRroT3XKqkdPOmY/BfQ='); // password: secret
 * const authenticator = new Authenticator([new BasicAdapter(users, 'api')], {
 *   editor: ['editor'],
 * });
 * const request = new ServerRequest(
 *   new Request('http://localhost/', { headers: { authorization: 'Basic ZWRpdG9yOnNlY3JldA==' } }),
 * );
 * const { identity } = await authenticator.authenticate(request);
 * identity.hasRole('editor'); // true
 * ```
 *
 * @see The REST guide:
 * [authentication and authorization](../../../docs/rest.md#authentication-and-authorization)
 * @category Authentication
 */
export class Authenticator {
  /** The adapters, in the order their challenges are sent. */
  readonly adapters: readonly AuthenticationAdapter[];
  readonly #roles: Readonly<Record<string, readonly string[]>>;
  readonly #limits: AuthenticationLimits;

  /**
   * Creates the authenticator.
   *
   * @param adapters - the adapters, in the order their challenges are sent
   * @param roles - the roles of each identity, by name: `{ editor: ['editor'] }`
   * @param limits - the limits on failed authentications; 10 a minute per key by default
   */
  constructor(
    adapters: readonly AuthenticationAdapter[],
    roles: Readonly<Record<string, readonly string[]>> = {},
    limits: AuthenticationLimits = new AuthenticationLimits(),
  ) {
    this.adapters = adapters;
    this.#roles = roles;
    this.#limits = limits;
  }

  /**
   * Authenticates a request with the adapter its credentials are for.
   *
   * @param request - the request, with or without credentials
   */
  async authenticate(request: ServerRequest): Promise<Authentication> {
    const header = request.headers.get('authorization');
    // The common case, a request without credentials, stops here.
    if (header === null && !request.request.url.includes('?')) return { identity: GUEST };
    const authorization = header === null ? undefined : parseAuthorization(header);
    if (header !== null && authorization === undefined)
      return refused('Authorization', 'Malformed Authorization header');
    const adapter = this.adapters.find((candidate) => candidate.accepts(request, authorization));
    if (adapter === undefined) {
      return authorization === undefined
        ? { identity: GUEST }
        : refused(
            authorization.scheme,
            `Unsupported authentication scheme "${authorization.scheme}"`,
          );
    }
    // A client that used up its failures is refused before any hashing work.
    const address = addressKey(clientAddress(request.request));
    const waitFirst = await this.#limits.retryAfter([address]);
    if (waitFirst > 0) return { identity: GUEST, retryAfter: waitFirst };
    const result = await adapter.authenticate(request, authorization);
    const user = result.ok ? result.name : result.user;
    const keys = user === undefined ? [address] : [address, `user:${user}`];
    if (!result.ok && result.counted !== false) await this.#limits.failed(keys);
    // Even the right password waits while its user is locked: guessing must not pay off.
    const wait = await this.#limits.retryAfter(keys);
    if (wait > 0) return { identity: GUEST, retryAfter: wait };
    if (!result.ok) return { identity: GUEST, failure: result };
    return {
      identity: authenticatedIdentity(
        result.name,
        Object.hasOwn(this.#roles, result.name) ? this.#roles[result.name] : [],
      ),
    };
  }

  /**
   * The `WWW-Authenticate` challenges of a 401: one or more per adapter, where the adapter
   * that refused the credentials may say more (`stale=true`, `error="invalid_token"`).
   *
   * @param failure - why the credentials were refused, when they were
   */
  challenges(failure?: AuthenticationFailure): string[] {
    return this.adapters.flatMap((adapter) =>
      failure?.scheme === adapter.scheme && failure.challenges
        ? failure.challenges
        : adapter.challenges(),
    );
  }
}

function refused(scheme: string, reason: string): Authentication {
  return { identity: GUEST, failure: { ok: false, scheme, reason } };
}
