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
export { AuthEvent, AuthEvents } from './AuthEvent.ts';
export {
  type AuthenticationAdapter,
  type AuthenticationFailure,
  type AuthenticationResult,
  type AuthenticationSuccess,
  failure,
} from './AuthenticationAdapter.ts';
export {
  type Admission,
  AuthenticationLimits,
  type AuthenticationLimitsOptions,
  type GuessOutcome,
} from './AuthenticationLimits.ts';
export { AuthenticationMiddleware } from './AuthenticationMiddleware.ts';
export { type Authentication, Authenticator } from './Authenticator.ts';
export { AuthorizationMiddleware } from './AuthorizationMiddleware.ts';
export {
  type AuthorizationConfig,
  AuthorizationRules,
  type ResourceRules,
} from './AuthorizationRules.ts';
export { authConfigProvider } from './authConfigProvider.ts';
export type {
  AuthenticationConfig,
  BasicConfig,
  DigestConfig,
  OAuth2Config,
} from './authenticationFactories.ts';
export { AUTHORIZED, authorizationGuard } from './authorizationGuard.ts';
export type { Authorization } from './authorizationHeader.ts';
export { BasicAdapter } from './BasicAdapter.ts';
export { DigestAdapter } from './DigestAdapter.ts';
export { DigestNonces, type DigestNoncesOptions } from './DigestNonces.ts';
export type { AuthenticationAttempt } from './failureKeys.ts';
export { type DigestAlgorithm, Htdigest } from './htdigest.ts';
export { Htpasswd } from './htpasswd.ts';
export { authenticatedIdentity, GUEST, type Identity } from './Identity.ts';
export { IDENTITY } from './identityAttribute.ts';
export type { NonceCheck } from './NonceCounts.ts';
export { OAuth2Adapter } from './OAuth2Adapter.ts';
export {
  OAuth2TokenEndpoint,
  type OAuth2TokenEndpointOptions,
} from './OAuth2TokenEndpoint.ts';
export { PasswordCheckRefused } from './passwordChecks.ts';
export { RedisTokenStore } from './RedisTokenStore.ts';
export { SchemeAdapter } from './SchemeAdapter.ts';
export { SharedStore, type SharedStoreConfig, storeUnavailable } from './SharedStore.ts';
export { SqliteTokenStore } from './SqliteTokenStore.ts';
export type {
  OAuth2Client,
  OAuth2ClientSecret,
  StoredToken,
  TokenStore,
  TokenToSave,
} from './TokenStore.ts';
