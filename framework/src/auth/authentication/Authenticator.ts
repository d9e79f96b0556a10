import { ClientAddresses } from '../../http/clientAddress.ts';
import type { ServerRequest } from '../../http/ServerRequest.ts';
import {
  type Admission,
  AuthenticationLimits,
  type GuessOutcome,
} from '../limits/AuthenticationLimits.ts';
import { addressKey } from '../limits/failureKeys.ts';
import { asClient } from '../limits/passwordChecks.ts';
import type {
  AuthenticationAdapter,
  AuthenticationFailure,
  AuthenticationResult,
} from '../schemes/AuthenticationAdapter.ts';
import { type Authorization, parseAuthorization } from '../schemes/authorizationHeader.ts';
import { SchemeAdapter } from '../schemes/SchemeAdapter.ts';
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
   * Seconds the client must wait, when it (its address, or its address for the user it
   * named) used up its failed authentications: the request was refused whatever its
   * credentials.
   */
  readonly retryAfter?: number | undefined;
  /** Which limit made it wait (see {@link Admission.because}). */
  readonly because?: Admission['because'];
}

/**
 * The configured authentication adapters, in order, with the roles of the identities
 * they prove. It picks the adapter whose credentials the request carries; a request without
 * credentials is the guest, found without any work.
 *
 * Credentials checked against a file of users (a {@link SchemeAdapter}: Basic, Digest) go
 * through the {@link AuthenticationLimits}, by the client's address as the
 * {@link ClientAddresses} see it. Other credentials, such as a Bearer token, prove an
 * identity without its password: they are never refused for guesses at it.
 *
 * @example
 * ```ts
 * // password: secret
 * const users = Htpasswd.parse('editor:{SHA}5en6G6MezRroT3XKqkdPOmY/BfQ=');
 * const authenticator = new Authenticator([new BasicAdapter(users, 'api')], {
 *   editor: ['editor'],
 * });
 * const request = new ServerRequest(
 *   new Request('http://localhost/', {
 *     headers: { authorization: 'Basic ZWRpdG9yOnNlY3JldA==' },
 *   }),
 * );
 * const { identity } = await authenticator.authenticate(request);
 * identity.hasRole('editor'); // true
 * ```
 *
 * @see The REST guide:
 * [authentication and authorization](../../../../docs/rest.md#authentication-and-authorization)
 * @category Authentication
 */
export class Authenticator {
  /** The adapters, in the order their challenges are sent. */
  readonly adapters: readonly AuthenticationAdapter[];
  readonly #roles: Readonly<Record<string, readonly string[]>>;
  readonly #limits: AuthenticationLimits;
  readonly #addresses: ClientAddresses;
  /** Password checks not answered yet, by address and credentials. */
  readonly #inFlight = new Map<string, Promise<Authentication>>();

  /**
   * Creates the authenticator.
   *
   * @param adapters - the adapters, in the order their challenges are sent
   * @param roles - the roles of each identity, by name: `{ editor: ['editor'] }`
   * @param limits - the limits on failed authentications (see {@link AuthenticationLimits}
   *   for the defaults)
   * @param addresses - where requests come from; the socket's address by default
   */
  constructor(
    adapters: readonly AuthenticationAdapter[],
    roles: Readonly<Record<string, readonly string[]>> = {},
    limits: AuthenticationLimits = new AuthenticationLimits(),
    addresses: ClientAddresses = new ClientAddresses(),
  ) {
    this.adapters = adapters;
    this.#roles = roles;
    this.#limits = limits;
    this.#addresses = addresses;
  }

  /**
   * Authenticates a request with the adapter its credentials are for.
   *
   * @param request - the request, with or without credentials
   *
   * @throws {ApiProblem} 503 with `Retry-After` while a shared store the limits or an adapter
   *   count in cannot be reached; a request without credentials never asks it, so public
   *   routes keep answering
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
    if (!(adapter instanceof SchemeAdapter))
      return this.#found(await adapter.authenticate(request, authorization));
    return this.#limited(adapter, request, authorization as Authorization);
  }

  /**
   * Checks a password under the limits: counted as a guess at the user it names before any
   * hashing, refused while that guess must wait (the right password too, so that guessing
   * on does not pay off), and the count kept only for a wrong one. Identical Basic
   * credentials from one address while the first are checked share its answer and its
   * count: a client sending a hundred requests at once makes one guess, not a hundred.
   */
  #limited(
    adapter: SchemeAdapter<unknown>,
    request: ServerRequest,
    authorization: Authorization,
  ): Promise<Authentication> {
    const address = this.#addresses.of(request.request);
    if (!adapter.sameOnEveryRequest)
      return this.#admitted(adapter, request, authorization, address);
    const key = `${addressKey(address)} ${adapter.scheme} ${authorization.credentials}`;
    const pending = this.#inFlight.get(key);
    if (pending !== undefined) return pending;
    const started = this.#admitted(adapter, request, authorization, address);
    this.#inFlight.set(key, started);
    const done = () => this.#inFlight.delete(key);
    started.then(done, done);
    return started;
  }

  async #admitted(
    adapter: SchemeAdapter<unknown>,
    request: ServerRequest,
    authorization: Authorization,
    address: string | undefined,
  ): Promise<Authentication> {
    const attempt = { address, user: adapter.claimedName(authorization) };
    const admission = await this.#limits.admit(attempt);
    if (admission.retryAfter > 0)
      return { identity: GUEST, retryAfter: admission.retryAfter, because: admission.because };
    let result: AuthenticationResult;
    try {
      // The client's checks take its share of the queue, not everyone's.
      // The admission goes along: Digest records its nonce count as it is settled.
      result = await asClient(addressKey(address), () =>
        adapter.authenticate(request, authorization, admission),
      );
    } catch (error) {
      // A check refused for want of room, or a store that failed: nobody's guess.
      await admission.settle('unchecked');
      throw error;
    }
    const wait = await admission.settle(outcomeOf(result));
    if (wait > 0) return { identity: GUEST, retryAfter: wait };
    return this.#found(result);
  }

  #found(result: AuthenticationResult): Authentication {
    if (!result.ok) return { identity: GUEST, failure: result };
    return {
      identity: authenticatedIdentity(
        result.name,
        Object.hasOwn(this.#roles, result.name) ? this.#roles[result.name] : [],
        result.client,
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

/** How a scheme adapter's answer counts: a failure that is no guess counts as unchecked. */
function outcomeOf(result: AuthenticationResult): GuessOutcome {
  if (result.ok) return 'right';
  return result.counted === false ? 'unchecked' : 'wrong';
}

function refused(scheme: string, reason: string): Authentication {
  return { identity: GUEST, failure: { ok: false, scheme, reason } };
}
