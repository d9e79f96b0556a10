/**
 * `hyperpipe/auth/blocks`: the parts `hyperpipe/auth` is built from, for an application that
 * assembles authentication itself or tests a part alone. By room: the adapter of each scheme
 * ({@link BasicAdapter}, {@link DigestAdapter}, {@link OAuth2Adapter}) and its file format,
 * nonces or tokens; the {@link Authenticator} that asks them in turn; the
 * {@link AuthenticationLimits} on failed attempts; the stores several machines share
 * ({@link SharedStore}, the {@link TokenStore}s); the guard that holds authorization in place.
 *
 * @packageDocumentation
 */

export { ClientAddresses } from '../http/clientAddress.ts';
export { type Authentication, Authenticator } from './authentication/Authenticator.ts';
export { AUTHORIZED, authorizationGuard } from './authorization/authorizationGuard.ts';
export {
  type Admission,
  AuthenticationLimits,
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
export type { OAuth2TokenEndpointOptions } from './schemes/oauth2/OAuth2TokenEndpoint.ts';
export { SchemeAdapter } from './schemes/SchemeAdapter.ts';
export type { NonceCheck } from './stores/NonceCounts.ts';
export { RedisTokenStore } from './stores/RedisTokenStore.ts';
export { SharedStore, storeUnavailable } from './stores/SharedStore.ts';
export { SqliteTokenStore } from './stores/SqliteTokenStore.ts';
export type { SettlesWith, StoreCheck } from './stores/StoreCheck.ts';
export type {
  OAuth2Client,
  StoredToken,
  TokenStore,
  TokenToSave,
} from './stores/TokenStore.ts';
