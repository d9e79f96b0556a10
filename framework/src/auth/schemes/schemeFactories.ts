import type { Container } from '../../container/Container.ts';
import type { Factory } from '../../container/ServiceManager.ts';
import type { ClientAddresses } from '../../http/clientAddress.ts';
import { authenticationConfigOf } from '../configOf.ts';
import type { AuthenticationLimits } from '../limits/AuthenticationLimits.ts';
import { RedisTokenStore } from '../stores/RedisTokenStore.ts';
import { SqliteTokenStore } from '../stores/SqliteTokenStore.ts';
import { sharedStoreOf } from '../stores/storeFactories.ts';
import type { OAuth2ClientSecret, TokenStore } from '../stores/TokenStore.ts';
import { Htpasswd } from './basic/htpasswd.ts';
import { OAuth2TokenEndpoint } from './oauth2/OAuth2TokenEndpoint.ts';

/**
 * The `basic` part of {@link AuthenticationConfig}.
 *
 * @category Authentication
 */
export interface BasicConfig {
  /** The htpasswd file. */
  htpasswd: string;
}

/**
 * The `digest` part of {@link AuthenticationConfig}.
 *
 * @category Authentication
 */
export interface DigestConfig {
  /** The htdigest file (`user:realm:hash` lines; MD5, or SHA-256 hashes of 64 hex digits). */
  htdigest: string;
  /** Seconds a server nonce is accepted; 300 by default. */
  nonceLifetime?: number;
  /**
   * The secret nonces are signed with, at least 32 characters, the same on every machine:
   * required with a shared `store`. Without it each process makes its own at start-up, and
   * a nonce from another process, or from before a restart, is stale. Keep it out of git:
   * an `authentication.local.*` file or an environment variable.
   */
  key?: string;
}

/**
 * The `oauth2` part of {@link AuthenticationConfig}.
 *
 * @category Authentication
 */
export interface OAuth2Config {
  /**
   * The SQLite file of clients and tokens; required unless `authentication.store` is
   * configured, where they live instead (and this file is not opened).
   */
  database?: string;
  /** The users of the password grant; the `basic` htpasswd file by default. */
  htpasswd?: string;
  /** Seconds an access token lives; 3600 by default. */
  accessTokenLifetime?: number;
  /** Seconds a refresh token lives; two weeks by default. */
  refreshTokenLifetime?: number;
  /**
   * Clients written to the token store when it is first used, by `client_id`, each with its
   * secret, its grants and the scopes it may ask for (none unless listed).
   */
  clients?: Readonly<Record<string, OAuth2ClientSecret>>;
}

/**
 * The factories of the OAuth2 scheme's services, for `authConfigProvider`: `TokenStore` and
 * `OAuth2TokenEndpoint`, built from `authentication.oauth2`.
 */
export const schemeFactories: Readonly<Record<string, Factory>> = {
  TokenStore: TokenStoreFactory,
  OAuth2TokenEndpoint: OAuth2TokenEndpointFactory,
};

/**
 * Builds the {@link TokenStore} of `authentication.oauth2`, with its configured clients: a
 * {@link RedisTokenStore} on the shared store when `authentication.store` is configured,
 * else a {@link SqliteTokenStore} on `oauth2.database`.
 *
 * @example
 * ```ts
 * const container = createContainer(mergeConfig(authConfigProvider(), {
 *   authentication: { oauth2: { database: 'data/oauth.sqlite' } },
 * }));
 * const tokens = TokenStoreFactory(container); // a SqliteTokenStore
 * ```
 *
 * @throws {Error} when neither `authentication.store` nor `oauth2.database` is configured
 *
 * @category Authentication
 */
export function TokenStoreFactory(container: Container): TokenStore {
  const oauth2 = oauth2Config(container);
  const shared = sharedStoreOf(container);
  if (shared !== undefined) return new RedisTokenStore(shared, oauth2.clients);
  if (oauth2.database === undefined)
    throw new Error(
      '"authentication.oauth2.database" is not configured: tokens need an SQLite file, such as "data/oauth.sqlite", or a shared "authentication.store"',
    );
  return new SqliteTokenStore(oauth2.database, oauth2.clients);
}

/**
 * Builds the {@link OAuth2TokenEndpoint} of `authentication.oauth2`.
 *
 * @param container - the container holding the `config` service and the `TokenStore`
 *
 * @example
 * ```ts
 * const container = createContainer(mergeConfig(authConfigProvider(), {
 *   authentication: {
 *     basic: { htpasswd: 'config/users.htpasswd' },
 *     oauth2: { database: 'data/oauth.sqlite' },
 *   },
 * }));
 * const app = createApplication();
 * app.post('/oauth', OAuth2TokenEndpointFactory(container), 'oauth');
 * ```
 *
 * @category Authentication
 */
export function OAuth2TokenEndpointFactory(container: Container): OAuth2TokenEndpoint {
  const config = authenticationConfig(container);
  const oauth2 = oauth2Config(container);
  const htpasswd = oauth2.htpasswd ?? config.basic?.htpasswd;
  const users = htpasswd === undefined ? new Htpasswd(new Map()) : Htpasswd.fromFile(htpasswd);
  return new OAuth2TokenEndpoint(container.get('TokenStore') as TokenStore, users, {
    accessTokenLifetime: oauth2.accessTokenLifetime,
    refreshTokenLifetime: oauth2.refreshTokenLifetime,
    realm: config.realm ?? 'api',
    limits: container.get('AuthenticationLimits') as AuthenticationLimits,
    addresses: container.get('ClientAddresses') as ClientAddresses,
  });
}

function oauth2Config(container: Container): OAuth2Config {
  const oauth2 = authenticationConfig(container).oauth2;
  if (!oauth2)
    throw new Error(
      '"authentication.oauth2" is not configured: it needs a database, or a shared "authentication.store"',
    );
  return oauth2;
}

/** The parts of the `authentication` configuration the schemes' services read. */
function authenticationConfig(container: Container): {
  realm?: string;
  basic?: BasicConfig;
  oauth2?: OAuth2Config;
} {
  return authenticationConfigOf(container);
}
