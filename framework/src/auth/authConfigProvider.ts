import type { Config } from '../config/mergeConfig.ts';
import { authenticationFactories } from './authentication/authenticationFactories.ts';
import { authorizationFactories } from './authorization/authorizationFactories.ts';
import { limitFactories } from './limits/limitFactories.ts';
import { schemeFactories } from './schemes/schemeFactories.ts';
import { storeFactories } from './stores/storeFactories.ts';

/**
 * The configuration `hyperpipe/auth` contributes, as a Mezzio package's `ConfigProvider`
 * does: the factories of its services (`Authenticator`, `AuthenticationMiddleware`,
 * `AuthorizationMiddleware`, `RouteGuard`, `OAuth2TokenEndpoint` and the services they
 * use), each built from the `authentication` and `authorization` keys. The root import
 * `hyperpipe` leaves them out, so that an application without authentication loads no
 * authentication, SQLite or OAuth2 code; an application that configures them merges this
 * into its configuration, usually from a file of its own in `config/autoload`. Each room of
 * the wing brings its own factories: stores, limits, schemes, authentication, authorization.
 *
 * @example
 * ```ts
 * // config/autoload/providers.global.ts
 * import { authConfigProvider } from 'hyperpipe/auth';
 *
 * export default authConfigProvider();
 * ```
 *
 * @see The REST guide:
 * [authentication and authorization](../../../docs/rest.md#authentication-and-authorization)
 * @category Authentication
 */
export function authConfigProvider(): Config {
  return {
    dependencies: {
      factories: {
        ...storeFactories,
        ...limitFactories,
        ...schemeFactories,
        ...authenticationFactories,
        ...authorizationFactories,
      },
    },
  };
}
