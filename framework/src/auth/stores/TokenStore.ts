import { createHash } from 'node:crypto';

/**
 * An OAuth2 client as stored: its id, the grant types and the scopes it may use.
 *
 * @category Authentication
 */
export interface OAuth2Client {
  /** The `client_id`. */
  readonly id: string;
  /** The grant types it may use, such as `password`. */
  readonly grants: readonly string[];
  /** The scopes it may ask for; none unless configured. */
  readonly scopes: readonly string[];
}

/**
 * A client to store: its secret, the grant types and the scopes it may use.
 *
 * @category Authentication
 */
export interface OAuth2ClientSecret {
  /** The `client_secret`; stored hashed. */
  readonly secret: string;
  /** The grant types it may use, such as `password`. */
  readonly grants: readonly string[];
  /** The scopes it may ask for, such as `read`; none by default, so any scope is refused. */
  readonly scopes?: readonly string[] | undefined;
}

/**
 * A token pair to store; the tokens themselves are hashed before they are stored.
 *
 * @category Authentication
 */
export interface TokenToSave {
  /** The access token. */
  readonly accessToken: string;
  /** When the access token expires. */
  readonly accessTokenExpiresAt: Date;
  /** The refresh token, if one is issued. */
  readonly refreshToken?: string | undefined;
  /** When the refresh token expires. */
  readonly refreshTokenExpiresAt?: Date | undefined;
  /** The client it was issued to. */
  readonly clientId: string;
  /** The user it stands for; empty for a client-credentials token, which stands for no user. */
  readonly userName: string;
  /** The granted scopes. */
  readonly scope?: readonly string[] | undefined;
}

/**
 * What a stored token says, found by the access or the refresh token.
 *
 * @category Authentication
 */
export interface StoredToken {
  /** The client it was issued to. */
  readonly clientId: string;
  /** The user it stands for; empty for a client-credentials token. */
  readonly userName: string;
  /** When the access token expires. */
  readonly accessTokenExpiresAt: Date;
  /** When the refresh token expires, if there is one. */
  readonly refreshTokenExpiresAt: Date | undefined;
  /** The granted scopes. */
  readonly scope: readonly string[] | undefined;
}

/**
 * The live token pairs one client may hold for one user; issuing one more revokes the
 * oldest. Ten, as GitHub keeps per user, application and scope: enough for a user's devices
 * and tabs, and a client that asks for a token per request cannot fill the store.
 */
export const TOKENS_PER_USER = 10;

/**
 * Where the token endpoint keeps OAuth2 clients and tokens, and where the Bearer adapter
 * looks tokens up. Tokens and client secrets are kept as SHA-256 hashes only: whoever reads
 * the store cannot use what is in it. (A plain hash, not bcrypt, suffices: tokens are long
 * random strings, nothing to guess.)
 *
 * Two stores implement it: {@link SqliteTokenStore}, a file on this machine (the default),
 * and {@link RedisTokenStore}, the Redis server that several machines share
 * (`authentication.store`). The container's `TokenStore` service is one of them.
 *
 * @example
 * ```ts
 * const tokens: TokenStore = new SqliteTokenStore(':memory:');
 * await tokens.save({
 *   accessToken: 'an-access-token',
 *   accessTokenExpiresAt: new Date(Date.now() + 3600_000),
 *   clientId: 'workshop',
 *   userName: 'editor',
 * });
 * (await tokens.findAccessToken('an-access-token'))?.userName; // 'editor'
 * await tokens.revoke('an-access-token'); // true
 * ```
 *
 * @category Authentication
 */
export interface TokenStore {
  /**
   * Adds or replaces a client; its secret is stored hashed.
   *
   * @param id - the `client_id`
   * @param secret - the `client_secret`
   * @param grants - the grant types it may use, such as `password`
   * @param scopes - the scopes it may ask for; none by default
   */
  saveClient(
    id: string,
    secret: string,
    grants: readonly string[],
    scopes?: readonly string[],
  ): Promise<void>;

  /**
   * The client, when the secret is its own; compared in constant time.
   *
   * @param id - the `client_id`
   * @param secret - the `client_secret` the client sent
   */
  verifyClient(id: string, secret: string): Promise<OAuth2Client | undefined>;

  /**
   * Stores a token pair, and revokes the oldest pairs of the same client and user beyond
   * `TOKENS_PER_USER` (10).
   */
  save(token: TokenToSave): Promise<void>;

  /** The token pair of an access token; an expired one may be found or not. */
  findAccessToken(accessToken: string): Promise<StoredToken | undefined>;

  /** The token pair of a refresh token; an expired one may be found or not. */
  findRefreshToken(refreshToken: string): Promise<StoredToken | undefined>;

  /**
   * Revokes the token pair that holds this access or refresh token: both stop working.
   *
   * @param token - the access or the refresh token
   *
   * @returns whether there was such a pair
   */
  revoke(token: string): Promise<boolean>;
}

/** What a store keeps of a token or a client secret: its SHA-256, in hex. */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** The words of a space-separated list, as stores keep grants and scopes; none for an empty one. */
export function words(list: string): string[] {
  return list === '' ? [] : list.split(' ');
}
