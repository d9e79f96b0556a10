/**
 * Hyperpipe: a compact framework that maps HTTP requests to middleware through routes and
 * a priority-ordered pipeline, configured by code or through a small container.
 *
 * @packageDocumentation
 */

export {
  Application,
  type ApplicationOptions,
  type ApplicationPipeOptions,
  createApplication,
} from './application/Application.ts';
export {
  type ApplicationConfig,
  ApplicationFactory,
  type ConfiguredMiddleware,
  type PipelineConstant,
  type PipelineEntryConfig,
  type RouteConfig,
} from './application/ApplicationFactory.ts';
export { DispatchMiddleware } from './application/DispatchMiddleware.ts';
export { DuplicateRouteDetector } from './application/DuplicateRouteDetector.ts';
export {
  type ErrorLogger,
  FinalHandler,
  type FinalHandlerOptions,
} from './application/FinalHandler.ts';
export { RoutingMiddleware } from './application/RoutingMiddleware.ts';
export { ROUTE_RESULT } from './application/routeResultAttribute.ts';
export { AuthEvent, AuthEvents } from './auth/AuthEvent.ts';
export {
  type AuthenticationAdapter,
  type AuthenticationFailure,
  type AuthenticationResult,
  type AuthenticationSuccess,
  failure,
} from './auth/AuthenticationAdapter.ts';
export { AuthenticationMiddleware } from './auth/AuthenticationMiddleware.ts';
export { type Authentication, Authenticator } from './auth/Authenticator.ts';
export { AuthorizationMiddleware, resourceOf } from './auth/AuthorizationMiddleware.ts';
export {
  type AuthorizationConfig,
  AuthorizationRules,
  type ResourceRules,
} from './auth/AuthorizationRules.ts';
export {
  type AuthenticationConfig,
  AuthenticatorFactory,
  authenticationFactories,
  type BasicConfig,
  type DigestConfig,
  type OAuth2Config,
  OAuth2TokenEndpointFactory,
  TokenStoreFactory,
} from './auth/authenticationFactories.ts';
export {
  type Authorization,
  parseAuthorization,
  parseAuthParams,
  quote,
} from './auth/authorizationHeader.ts';
export { BasicAdapter } from './auth/BasicAdapter.ts';
export { DigestAdapter } from './auth/DigestAdapter.ts';
export { DigestNonces, type NonceCheck } from './auth/DigestNonces.ts';
export { type DigestAlgorithm, Htdigest } from './auth/htdigest.ts';
export { Htpasswd, verifyHash } from './auth/htpasswd.ts';
export { authenticatedIdentity, GUEST, type Identity } from './auth/Identity.ts';
export { IDENTITY } from './auth/identityAttribute.ts';
export { OAuth2Adapter } from './auth/OAuth2Adapter.ts';
export {
  OAuth2TokenEndpoint,
  type OAuth2TokenEndpointOptions,
} from './auth/OAuth2TokenEndpoint.ts';
export { type OAuth2Model, oauth2Model } from './auth/oauth2Model.ts';
export { safeEqual } from './auth/safeEqual.ts';
export {
  type OAuth2Client,
  type OAuth2ClientSecret,
  type StoredToken,
  TokenStore,
  type TokenToSave,
} from './auth/TokenStore.ts';
export { unauthorized } from './auth/unauthorized.ts';
export { loadConfig } from './config/loadConfig.ts';
export { type Config, isMap, mergeConfig } from './config/mergeConfig.ts';
export { CircularDependencyError } from './container/CircularDependencyError.ts';
export type { Container } from './container/Container.ts';
export { createContainer } from './container/createContainer.ts';
export {
  type Factory,
  type Invokable,
  type ServiceClass,
  type ServiceConfig,
  ServiceManager,
} from './container/ServiceManager.ts';
export { ServiceNotFoundError } from './container/ServiceNotFoundError.ts';
export { EventManager, type Listener } from './events/EventManager.ts';
export type { EntityMetadata, EntityUri } from './hal/EntityMetadata.ts';
export { HalRenderer, type UriGenerator } from './hal/HalRenderer.ts';
export { HalResource, type LinkRelation } from './hal/HalResource.ts';
export {
  assertPageInRange,
  type CollectionPage,
  halCollection,
  requestedPage,
} from './hal/halCollection.ts';
export { HAL_MEDIA_TYPE, type Link } from './hal/Link.ts';
export { MetadataMap } from './hal/MetadataMap.ts';
export { type Attribute, attribute } from './http/Attribute.ts';
export {
  HttpError,
  type HttpErrorOptions,
  MethodNotAllowedError,
  reasonPhrase,
} from './http/HttpError.ts';
export { ResponsePrototype } from './http/ResponsePrototype.ts';
export { empty, html, json, type ResponseOptions, redirect, text } from './http/responses.ts';
export { pathOf, ServerRequest } from './http/ServerRequest.ts';
export { InvalidMiddlewareError } from './middleware/InvalidMiddlewareError.ts';
export { LazyMiddleware } from './middleware/LazyMiddleware.ts';
export {
  type AnyMiddleware,
  type ErrorMiddlewareFunction,
  type ErrorMiddlewareInterface,
  errorMiddleware,
  type Middleware,
  type MiddlewareFunction,
  type MiddlewareInterface,
  type Next,
} from './middleware/Middleware.ts';
export { MiddlewarePipe, type PipeEnd, type PipeOptions } from './middleware/MiddlewarePipe.ts';
export { matchesPrefix, normalizePrefix, stripPrefix } from './middleware/pathPrefix.ts';
export type { Stage } from './middleware/Stage.ts';
export { type StageOptions, toStage } from './middleware/toStage.ts';
export {
  ContentNegotiation,
  type ContentNegotiationOptions,
  DEFAULT_BODY_LIMIT,
} from './negotiation/ContentNegotiation.ts';
export {
  essence,
  isAllowedContentType,
  isJsonType,
  negotiateMediaType,
  parseVendorType,
  type VendorType,
  withoutResource,
} from './negotiation/mediaType.ts';
export { MEDIA_TYPE, PARSED_BODY } from './negotiation/negotiationAttributes.ts';
export { parseBody } from './negotiation/parseBody.ts';
export { readBody } from './negotiation/readBody.ts';
export { ApiProblem, type ApiProblemOptions, PROBLEM_MEDIA_TYPE } from './problem/ApiProblem.ts';
export { NotFoundProblemMiddleware } from './problem/NotFoundProblemMiddleware.ts';
export { ProblemMiddleware, type ProblemMiddlewareOptions } from './problem/ProblemMiddleware.ts';
export { statusType } from './problem/statusType.ts';
export { type ValidationMessages, validationProblem } from './problem/validationProblem.ts';
export {
  type Awaitable,
  type Collection,
  type Entity,
  notDefined,
  type Page,
  type PageLoader,
  Resource,
} from './rest/Resource.ts';
export { ResourceMiddleware, type ResourceRouting } from './rest/ResourceMiddleware.ts';
export {
  type RestResourceConfig,
  registerConfiguredResources,
} from './rest/registerConfiguredResources.ts';
export {
  type ResourceOptions,
  type ResourceRoutes,
  registerResource,
} from './rest/registerResource.ts';
export { FindMyWayRouter } from './router/FindMyWayRouter.ts';
export { PatternRouter } from './router/PatternRouter.ts';
export { Route, type RouteOptions } from './router/Route.ts';
export { RouteResult } from './router/RouteResult.ts';
export type { Router } from './router/Router.ts';
export {
  fillRoutePath,
  type PathPart,
  parseRoutePath,
  type RouteParams,
} from './router/routePath.ts';
export { decodeParam, type MethodRules, selectRoute } from './router/selectRoute.ts';
export { type FetchHandler, type RunningServer, type ServeOptions, serve } from './server/serve.ts';
export { API_VERSION } from './versioning/apiVersionAttribute.ts';
export { Versioning, type VersioningOptions } from './versioning/Versioning.ts';
