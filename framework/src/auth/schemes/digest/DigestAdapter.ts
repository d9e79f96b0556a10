import { createHash } from 'node:crypto';
import type { ServerRequest } from '../../../http/ServerRequest.ts';
import { safeEqual } from '../../safeEqual.ts';
import type { SettlesWith } from '../../stores/StoreCheck.ts';
import { type AuthenticationResult, failure } from '../AuthenticationAdapter.ts';
import { type Authorization, parseAuthParams, quote } from '../authorizationHeader.ts';
import { SchemeAdapter } from '../SchemeAdapter.ts';
import type { DigestNonces } from './DigestNonces.ts';
import type { DigestAlgorithm, Htdigest } from './htdigest.ts';

const REQUIRED = ['username', 'realm', 'nonce', 'uri', 'response', 'qop', 'nc', 'cnonce'];
const HASH_NAMES: Readonly<Record<DigestAlgorithm, string>> = { MD5: 'md5', 'SHA-256': 'sha256' };

/**
 * HTTP Digest authentication (RFC 7616) against an htdigest file: algorithms SHA-256 and
 * MD5, `qop=auth` only, server nonces that expire, and nonce counts each used once.
 * The password never travels; the file holds `H(user:realm:password)`, never the password.
 *
 * @example
 * ```ts
 * const digest = new DigestAdapter(
 *   Htdigest.fromFile('config/auth/htdigest'),
 *   'conference',
 *   new DigestNonces(300),
 * );
 * const authenticator = new Authenticator([digest]);
 * ```
 *
 * @category Authentication
 */
export class DigestAdapter extends SchemeAdapter<Htdigest> {
  readonly #nonces: DigestNonces;

  /**
   * Creates the adapter.
   *
   * @param realm - the realm of the challenges, which the file's lines must name
   */
  constructor(users: Htdigest, realm: string, nonces: DigestNonces) {
    super('Digest', users, realm);
    this.#nonces = nonces;
  }

  /**
   * Checks the response digest first and the nonce after, so that nobody without the
   * password can use up the nonce counts of a legitimate client.
   *
   * @throws {ApiProblem} 503 with `Retry-After` while the shared store that keeps the nonce
   *   counts cannot be reached: a count that could not be compared is never accepted
   *
   * @param request - the request, whose method and URL the response digest signs
   * @param authorization - its `Authorization` header, split
   * @param admission - the attempt's admission: with counts in the same shared store, the
   *   nonce count is recorded as they are settled, in one round trip
   */
  async authenticate(
    request: ServerRequest,
    authorization: Authorization,
    admission?: SettlesWith,
  ): Promise<AuthenticationResult> {
    const params = parseAuthParams(authorization.credentials);
    if (!params || REQUIRED.some((name) => !params.has(name)))
      return failure(this.scheme, 'Malformed Digest credentials');
    const get = (name: string) => params.get(name) as string;
    const algorithm = algorithmNamed(params.get('algorithm') ?? 'MD5');
    const count = /^[\da-f]{8}$/i.test(get('nc')) ? Number.parseInt(get('nc'), 16) : Number.NaN;
    if (algorithm === undefined || get('qop') !== 'auth' || Number.isNaN(count))
      return failure(this.scheme, 'Digest credentials need qop=auth, nc and MD5 or SHA-256');
    if (get('realm') !== this.realm || get('uri') !== requestTarget(request))
      return failure(this.scheme, 'Digest credentials for another realm or URI');
    const ha1 = this.users.ha1(get('username'), this.realm, algorithm);
    const hash = (text: string) => createHash(HASH_NAMES[algorithm]).update(text).digest('hex');
    const ha2 = hash(`${request.method}:${get('uri')}`);
    const expected = hash(`${ha1}:${get('nonce')}:${get('nc')}:${get('cnonce')}:auth:${ha2}`);
    if (ha1 === undefined || !safeEqual(get('response').toLowerCase(), expected))
      return failure(this.scheme, 'Invalid user name or password', undefined, {
        user: get('username'),
      });
    const nonce = await this.#nonces.use(get('username'), get('nonce'), count, admission);
    if (nonce === 'stale')
      return failure(this.scheme, 'The nonce has expired', this.#challenges(true), {
        counted: false,
      });
    // Only the password's owner could compute this response: a replay, or a client whose
    // parallel requests arrived out of order, is refused but is no guess.
    if (nonce === 'replayed')
      return failure(
        this.scheme,
        'The nonce count was used already: a replayed request',
        undefined,
        {
          counted: false,
        },
      );
    return { ok: true, name: get('username') };
  }

  /** The `username` of the credentials, unchecked. */
  override claimedName(authorization: Authorization): string | undefined {
    return parseAuthParams(authorization.credentials)?.get('username');
  }

  /** One challenge per algorithm, the stronger first, sharing one fresh nonce. */
  challenges(): readonly string[] {
    return this.#challenges(false);
  }

  #challenges(stale: boolean): string[] {
    const nonce = quote(this.#nonces.issue());
    const realm = quote(this.realm);
    return (['SHA-256', 'MD5'] as const).map(
      (algorithm) =>
        `Digest realm=${realm}, qop="auth", algorithm=${algorithm}, nonce=${nonce}` +
        (stale ? ', stale=true' : ''),
    );
  }
}

function algorithmNamed(name: string): DigestAlgorithm | undefined {
  const upper = name.toUpperCase();
  return upper === 'MD5' || upper === 'SHA-256' ? upper : undefined;
}

/** The request-target a Digest client signs: the path and query of the URL it asked for. */
function requestTarget(request: ServerRequest): string {
  return request.url.pathname + request.url.search;
}
