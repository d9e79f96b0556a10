import { ApplicationEvents } from '../../application/ApplicationEvents.ts';
import { isMap } from '../../config/mergeConfig.ts';
import type { Container } from '../../container/Container.ts';
import type { Factory } from '../../container/ServiceManager.ts';
import type { EventManager } from '../../events/EventManager.ts';
import { ClientAddresses, type ForwardedHeader } from '../../http/clientAddress.ts';
import type { Route } from '../../router/Route.ts';
import { AuthorizationMiddleware } from '../authorization/AuthorizationMiddleware.ts';
import {
  type AuthorizationConfig,
  AuthorizationRules,
} from '../authorization/AuthorizationRules.ts';
import { authorizationGuard } from '../authorization/authorizationGuard.ts';
import { checkRulesAtStart } from '../authorization/rulesAgainstRoutes.ts';
import {
  AuthenticationLimits,
  type AuthenticationLimitsOptions,
} from '../limits/AuthenticationLimits.ts';
import type { AuthenticationAdapter } from '../schemes/AuthenticationAdapter.ts';
import { BasicAdapter } from '../schemes/basic/BasicAdapter.ts';
import { Htpasswd } from '../schemes/basic/htpasswd.ts';
import { DigestAdapter } from '../schemes/digest/DigestAdapter.ts';
import { DigestNonces } from '../schemes/digest/DigestNonces.ts';
import { Htdigest } from '../schemes/digest/htdigest.ts';
import { OAuth2Adapter } from '../schemes/oauth2/OAuth2Adapter.ts';
import { OAuth2TokenEndpoint } from '../schemes/oauth2/OAuth2TokenEndpoint.ts';
import { RedisTokenStore } from '../stores/RedisTokenStore.ts';
import { SharedStore, type SharedStoreConfig } from '../stores/SharedStore.ts';
import { SqliteTokenStore } from '../stores/SqliteTokenStore.ts';
import type { OAuth2ClientSecret, TokenStore } from '../stores/TokenStore.ts';
import { AuthenticationMiddleware } from './AuthenticationMiddleware.ts';
import { Authenticator } from './Authenticator.ts';

/**
 * The `authentication` configuration. Each of `basic`, `digest` and `oauth2` that is present
 * turns its adapter on; the challenges of a 401 come in that order.
 *
 * @example
 * ```ts
 * const authentication: AuthenticationConfig = {
 *   realm: 'api',
 *   roles: { editor: ['editor'] },
 *   basic: { htpasswd: 'config/users.htpasswd' },
 *   digest: { htdigest: 'config/users.htdigest', nonceLifetime: 300 },
 *   oauth2: {
 *     database: 'data/oauth.sqlite',
 *     clients: {
 *       app: { secret: 's3cret', grants: ['password', 'refresh_token'] },
 *     },
 *   },
 * };
 * ```
 *
 * @category Authentication
 */
export interface AuthenticationConfig {
  /** The realm of every challenge; `api` by default. Digest hashes depend on it. */
  realm?: string;
  /** The roles of identities, by user or client name. */
  roles?: Readonly<Record<string, readonly string[]>>;
  /** HTTP Basic against an htpasswd file. */
  basic?: BasicConfig;
  /** HTTP Digest against an htdigest file. */
  digest?: DigestConfig;
  /** OAuth2 bearer tokens and the token endpoint. */
  oauth2?: OAuth2Config;
  /**
   * Limits on failed authentications: by default 10 failures in a row per user (or OAuth2
   * client) from one address, then that pair waits 60 s; 100 an hour per address; past 50
   * an hour for one user, each address that failed for it waits out the hour. See
   * {@link AuthenticationLimitsOptions}.
   */
  limits?: AuthenticationLimitsOptions;
  /**
   * The reverse proxies in front of the server, by address or CIDR range
   * (`['127.0.0.1', '::1']`, `['10.0.0.0/8']`): from them, and only from them, the client's
   * address is read from `forwardedHeader`. None by default: the socket's address counts,
   * whatever the headers say.
   */
  trustedProxies?: readonly string[];
  /** The header the trusted proxies write: `X-Forwarded-For` (the default) or `Forwarded`. */
  forwardedHeader?: ForwardedHeader;
  /**
   * Where the state that several machines must share lives: OAuth2 tokens, failure counts
   * and Digest nonce counts. Without it they stay on this machine. With it, `digest.key`
   * is required, so that every machine signs nonces alike. See {@link SharedStoreConfig}.
   */
  store?: SharedStoreConfig;
}

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
 * The factories {@link authConfigProvider} contributes, by service name:
 * `AuthenticationLimits`, `ClientAddresses`, `Authenticator`, `TokenStore`, `AuthenticationMiddleware`,
 * `AuthorizationRules`, `RouteGuard`, `AuthorizationMiddleware`, `OAuth2TokenEndpoint` and
 * `SharedStore` (only when `authentication.store` is configured), each built from the `authentication` and `authorization` configuration. Their events go
 * through the container's `EventManager`, the one the application shares.
 *
 * @category Authentication
 */
export const authenticationFactories: Readonly<Record<string, Factory>> = {
  // One set of counts for every scheme and the token endpoint: a guess is a guess.
  AuthenticationLimits: (container: Container) =>
    new AuthenticationLimits(authenticationConfig(container).limits, sharedStoreOf(container)),
  ClientAddresses: (container: Container) => {
    const { trustedProxies, forwardedHeader } = authenticationConfig(container);
    return new ClientAddresses(trustedProxies, forwardedHeader);
  },
  Authenticator: AuthenticatorFactory,
  TokenStore: TokenStoreFactory,
  AuthenticationMiddleware: (container: Container) =>
    new AuthenticationMiddleware(
      container.get('Authenticator') as Authenticator,
      container.get('EventManager') as EventManager,
    ),
  // Read when the application is built, so a rule that cannot apply stops the start; checked
  // against the routes when app.run() starts the server, once every route is added.
  AuthorizationRules: (container: Container) => {
    const rules = AuthorizationRules.fromConfig(
      configOf(container).authorization as AuthorizationConfig,
    );
    checkRulesAtStart(rules, container.get('EventManager') as EventManager);
    return rules;
  },
  // Holds authorization in place: with rules configured, no route's middleware runs for a
  // request AuthorizationMiddleware did not judge, wherever it was piped or left out.
  RouteGuard: (container: Container) =>
    authorizationGuard(
      container.get('EventManager') as EventManager,
      (container.get('AuthorizationRules') as AuthorizationRules).resources.length > 0,
    ),
  AuthorizationMiddleware: (container: Container) =>
    new AuthorizationMiddleware(
      container.get('AuthorizationRules') as AuthorizationRules,
      container.get('Authenticator') as Authenticator,
      container.get('EventManager') as EventManager,
      // By name, not by import: the application is built before any request asks for this.
      container.has('Application')
        ? () => (container.get('Application') as { routes: readonly Route[] }).routes
        : undefined,
    ),
  OAuth2TokenEndpoint: OAuth2TokenEndpointFactory,
  SharedStore: (container: Container) => {
    const { store } = authenticationConfig(container);
    if (store === undefined) throw new Error('"authentication.store" is not configured');
    const shared = new SharedStore(store);
    // Its connection would keep the process alive after the server closed.
    (container.get('EventManager') as EventManager).on(ApplicationEvents.SERVER_CLOSED, () =>
      shared.close(),
    );
    return shared;
  },
};

/**
 * The shared store of `authentication.store`, one per container; `undefined` when this
 * machine keeps its own state.
 */
export function sharedStoreOf(container: Container): SharedStore | undefined {
  return authenticationConfig(container).store === undefined
    ? undefined
    : (container.get('SharedStore') as SharedStore);
}

/**
 * Builds the {@link Authenticator} of the `authentication` configuration.
 *
 * @example
 * ```ts
 * const container = createContainer(mergeConfig(authConfigProvider(), {
 *   authentication: {
 *     realm: 'api',
 *     basic: { htpasswd: 'config/users.htpasswd' },
 *   },
 * }));
 * const authenticator = AuthenticatorFactory(container);
 * ```
 *
 * @category Authentication
 */
export function AuthenticatorFactory(container: Container): Authenticator {
  const config = authenticationConfig(container);
  const realm = config.realm ?? 'api';
  const adapters: AuthenticationAdapter[] = [];
  if (config.basic)
    adapters.push(new BasicAdapter(Htpasswd.fromFile(config.basic.htpasswd), realm));
  if (config.digest) {
    const nonces = new DigestNonces(config.digest.nonceLifetime, {
      key: config.digest.key,
      store: sharedStoreOf(container),
    });
    adapters.push(new DigestAdapter(Htdigest.fromFile(config.digest.htdigest), realm, nonces));
  }
  if (config.oauth2)
    adapters.push(new OAuth2Adapter(container.get('TokenStore') as TokenStore, realm));
  return new Authenticator(
    adapters,
    config.roles,
    container.get('AuthenticationLimits') as AuthenticationLimits,
    container.get('ClientAddresses') as ClientAddresses,
  );
}

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

function configOf(container: Container): Record<string, unknown> {
  const config = container.has('config') ? container.get('config') : {};
  return isMap(config) ? config : {};
}

function authenticationConfig(container: Container): AuthenticationConfig {
  return (configOf(container).authentication ?? {}) as AuthenticationConfig;
}

function oauth2Config(container: Container): OAuth2Config {
  const oauth2 = authenticationConfig(container).oauth2;
  if (!oauth2)
    throw new Error(
      '"authentication.oauth2" is not configured: it needs a database, or a shared "authentication.store"',
    );
  return oauth2;
}
