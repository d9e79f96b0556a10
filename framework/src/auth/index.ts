/**
 * `hyperpipe/auth`: authentication and authorization, as an application writes against them.
 * {@link authConfigProvider} adds the services to the configuration, which the
 * {@link AuthenticationConfig} and {@link AuthorizationConfig} shapes describe;
 * {@link AuthenticationMiddleware} finds who is asking into the {@link IDENTITY} attribute;
 * {@link AuthorizationMiddleware} judges the route against the {@link AuthorizationRules} and
 * lets listeners of the {@link AuthEvents} change the verdict; the {@link OAuth2TokenEndpoint}
 * issues tokens. The parts these are built from (adapters per scheme, limits, stores) are
 * exported by `hyperpipe/auth/blocks`. The root import leaves all of this out.
 *
 * @packageDocumentation
 */

export type { ForwardedHeader } from '../http/clientAddress.ts';
export { authConfigProvider } from './authConfigProvider.ts';
export { AuthEvent, AuthEvents } from './authentication/AuthEvent.ts';
export { AuthenticationMiddleware } from './authentication/AuthenticationMiddleware.ts';
export type { AuthenticationConfig } from './authentication/authenticationFactories.ts';
export { authenticatedIdentity, GUEST, type Identity } from './authentication/Identity.ts';
export { IDENTITY } from './authentication/identityAttribute.ts';
export { AuthorizationMiddleware } from './authorization/AuthorizationMiddleware.ts';
export { AuthorizationRules } from './authorization/AuthorizationRules.ts';
export type { AuthorizationConfig, ResourceRules } from './authorization/authorizationConfig.ts';
export type { AuthenticationLimitsOptions } from './limits/AuthenticationLimits.ts';
export { OAuth2TokenEndpoint } from './schemes/oauth2/OAuth2TokenEndpoint.ts';
export type { BasicConfig, DigestConfig, OAuth2Config } from './schemes/schemeFactories.ts';
export type { SharedStoreConfig } from './stores/SharedStore.ts';
export type { OAuth2ClientSecret } from './stores/TokenStore.ts';
