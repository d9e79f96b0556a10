/**
 * `hyperpipe/auth`: authentication and authorization. {@link AuthenticationMiddleware}
 * finds who is asking, through an adapter per scheme ({@link BasicAdapter},
 * {@link DigestAdapter}, {@link OAuth2Adapter}), into the {@link IDENTITY} attribute;
 * {@link AuthorizationMiddleware} judges the route against the {@link AuthorizationRules}
 * and lets listeners of the {@link AuthEvents} change the verdict; failed attempts are
 * limited per client and per user by {@link AuthenticationLimits}. The root import leaves all
 * of this out: {@link authConfigProvider} adds its services to an application's configuration.
 *
 * @packageDocumentation
 */

export { ClientAddresses, type ForwardedHeader } from '../http/clientAddress.ts';
export { authConfigProvider } from './authConfigProvider.ts';
export { AuthEvent, AuthEvents } from './authentication/AuthEvent.ts';
export { AuthenticationMiddleware } from './authentication/AuthenticationMiddleware.ts';
export { type Authentication, Authenticator } from './authentication/Authenticator.ts';
export type { AuthenticationConfig } from './authentication/authenticationFactories.ts';
export { authenticatedIdentity, GUEST, type Identity } from './authentication/Identity.ts';
export { IDENTITY } from './authentication/identityAttribute.ts';
export { AuthorizationMiddleware } from './authorization/AuthorizationMiddleware.ts';
export {
  type AuthorizationConfig,
  AuthorizationRules,
  type ResourceRules,
} from './authorization/AuthorizationRules.ts';
export { AUTHORIZED, authorizationGuard } from './authorization/authorizationGuard.ts';
export {
  type Admission,
  AuthenticationLimits,
  type AuthenticationLimitsOptions,
  type GuessOutcome,
} from './limits/AuthenticationLimits.ts';
export type { AuthenticationAttempt } from './limits/failureKeys.ts';
export { PasswordCheckRefused } from './limits/passwordChecks.ts';
export {
  type AuthenticationAdapter,
  type AuthenticationFailure,
  type AuthenticationResult,
  type AuthenticationSuccess,
  failure,
} from './schemes/AuthenticationAdapter.ts';
export type { Authorization } from './schemes/authorizationHeader.ts';
export { BasicAdapter } from './schemes/basic/BasicAdapter.ts';
export { Htpasswd } from './schemes/basic/htpasswd.ts';
export { DigestAdapter } from './schemes/digest/DigestAdapter.ts';
export { DigestNonces, type DigestNoncesOptions } from './schemes/digest/DigestNonces.ts';
export { type DigestAlgorithm, Htdigest } from './schemes/digest/htdigest.ts';
export { OAuth2Adapter } from './schemes/oauth2/OAuth2Adapter.ts';
export {
  OAuth2TokenEndpoint,
  type OAuth2TokenEndpointOptions,
} from './schemes/oauth2/OAuth2TokenEndpoint.ts';
export { SchemeAdapter } from './schemes/SchemeAdapter.ts';
export type { BasicConfig, DigestConfig, OAuth2Config } from './schemes/schemeFactories.ts';
export type { NonceCheck } from './stores/NonceCounts.ts';
export { RedisTokenStore } from './stores/RedisTokenStore.ts';
export { SharedStore, type SharedStoreConfig, storeUnavailable } from './stores/SharedStore.ts';
export { SqliteTokenStore } from './stores/SqliteTokenStore.ts';
export type {
  OAuth2Client,
  OAuth2ClientSecret,
  StoredToken,
  TokenStore,
  TokenToSave,
} from './stores/TokenStore.ts';
