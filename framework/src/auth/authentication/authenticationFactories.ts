import type { Container } from '../../container/Container.ts';
import type { Factory } from '../../container/ServiceManager.ts';
import type { EventManager } from '../../events/EventManager.ts';
import { ClientAddresses, type ForwardedHeader } from '../../http/clientAddress.ts';
import { authenticationConfigOf } from '../configOf.ts';
import type {
  AuthenticationLimits,
  AuthenticationLimitsOptions,
} from '../limits/AuthenticationLimits.ts';
import type { AuthenticationAdapter } from '../schemes/AuthenticationAdapter.ts';
import { BasicAdapter } from '../schemes/basic/BasicAdapter.ts';
import { Htpasswd } from '../schemes/basic/htpasswd.ts';
import { DigestAdapter } from '../schemes/digest/DigestAdapter.ts';
import { DigestNonces } from '../schemes/digest/DigestNonces.ts';
import { Htdigest } from '../schemes/digest/htdigest.ts';
import { OAuth2Adapter } from '../schemes/oauth2/OAuth2Adapter.ts';
import type { BasicConfig, DigestConfig, OAuth2Config } from '../schemes/schemeFactories.ts';
import type { SharedStoreConfig } from '../stores/SharedStore.ts';
import { sharedStoreOf } from '../stores/storeFactories.ts';
import type { TokenStore } from '../stores/TokenStore.ts';
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
 * The factories of authentication's services, for `authConfigProvider`: `ClientAddresses`,
 * `Authenticator` and `AuthenticationMiddleware`, built from the `authentication`
 * configuration. Their events go through the container's `EventManager`, the one the
 * application shares.
 */
export const authenticationFactories: Readonly<Record<string, Factory>> = {
  ClientAddresses: (container: Container) => {
    const { trustedProxies, forwardedHeader } = authenticationConfig(container);
    return new ClientAddresses(trustedProxies, forwardedHeader);
  },
  Authenticator: AuthenticatorFactory,
  AuthenticationMiddleware: (container: Container) =>
    new AuthenticationMiddleware(
      container.get('Authenticator') as Authenticator,
      container.get('EventManager') as EventManager,
    ),
};

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

function authenticationConfig(container: Container): AuthenticationConfig {
  return authenticationConfigOf(container) as AuthenticationConfig;
}
