/**
 * Hyperpipe: a compact framework that maps HTTP requests to middleware through routes and
 * a priority-ordered pipeline, configured by code or through a small container.
 *
 * This module exports what applications use; the rest of `framework/src` is internal.
 *
 * @packageDocumentation
 */

// The application: routes plus a pipeline, routing and dispatch as two of its steps.
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
export { ROUTE_RESULT, RoutingMiddleware } from './application/RoutingMiddleware.ts';
// Authentication and authorization.
export { AuthEvent, AuthEvents } from './auth/AuthEvent.ts';
export {
  type AuthenticationAdapter,
  type AuthenticationFailure,
  type AuthenticationResult,
  type AuthenticationSuccess,
  failure,
} from './auth/AuthenticationAdapter.ts';
export {
  AuthenticationLimits,
  type AuthenticationLimitsOptions,
} from './auth/AuthenticationLimits.ts';
export { AuthenticationMiddleware } from './auth/AuthenticationMiddleware.ts';
export { type Authentication, Authenticator } from './auth/Authenticator.ts';
export { AuthorizationMiddleware, resourceOf } from './auth/AuthorizationMiddleware.ts';
export {
  type AuthorizationConfig,
  AuthorizationRules,
  type ResourceRules,
} from './auth/AuthorizationRules.ts';
export type {
  AuthenticationConfig,
  BasicConfig,
  DigestConfig,
  OAuth2Config,
} from './auth/authenticationFactories.ts';
export type { Authorization } from './auth/authorizationHeader.ts';
export { BasicAdapter } from './auth/BasicAdapter.ts';
export { DigestAdapter } from './auth/DigestAdapter.ts';
export { DigestNonces, type NonceCheck } from './auth/DigestNonces.ts';
export { type DigestAlgorithm, Htdigest } from './auth/htdigest.ts';
export { Htpasswd } from './auth/htpasswd.ts';
export { authenticatedIdentity, GUEST, type Identity } from './auth/Identity.ts';
export { IDENTITY } from './auth/identityAttribute.ts';
export { OAuth2Adapter } from './auth/OAuth2Adapter.ts';
export {
  OAuth2TokenEndpoint,
  type OAuth2TokenEndpointOptions,
} from './auth/OAuth2TokenEndpoint.ts';
export {
  type OAuth2Client,
  type OAuth2ClientSecret,
  type StoredToken,
  TokenStore,
  type TokenToSave,
} from './auth/TokenStore.ts';
// The container and configuration.
export { loadConfig } from './config/loadConfig.ts';
export { type Config, isMap, mergeConfig } from './config/mergeConfig.ts';
export { CircularDependencyError } from './container/CircularDependencyError.ts';
export type { Container } from './container/Container.ts';
export {
  type Factory,
  type Invokable,
  type ServiceClass,
  type ServiceConfig,
  ServiceManager,
} from './container/ServiceManager.ts';
export { ServiceNotFoundError } from './container/ServiceNotFoundError.ts';
export { createContainer } from './createContainer.ts';
export { EventManager, type Listener } from './events/EventManager.ts';
// HAL.
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
// HTTP: the request, the response prototype and responses, errors, serving.
export { type Attribute, attribute } from './http/Attribute.ts';
export type { ErrorLogger } from './http/ErrorLogger.ts';
export { HttpError, type HttpErrorOptions, MethodNotAllowedError } from './http/HttpError.ts';
export { ResponsePrototype } from './http/ResponsePrototype.ts';
export { empty, html, json, type ResponseOptions, redirect, text } from './http/responses.ts';
export { ServerRequest } from './http/ServerRequest.ts';
// Middleware and the pipeline.
export { InvalidMiddlewareError } from './middleware/InvalidMiddlewareError.ts';
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
export { PipelineTrace, type TraceEntry } from './middleware/PipelineTrace.ts';
export type { TraceOption, TraceSink } from './middleware/PipelineTraceOption.ts';
// Content negotiation and versioning.
export {
  ContentNegotiation,
  type ContentNegotiationOptions,
  DEFAULT_BODY_LIMIT,
} from './negotiation/ContentNegotiation.ts';
export { negotiateMediaType, type VendorType } from './negotiation/mediaType.ts';
export { MEDIA_TYPE, PARSED_BODY } from './negotiation/negotiationAttributes.ts';
// API Problem errors.
export { ApiProblem, type ApiProblemOptions, PROBLEM_MEDIA_TYPE } from './problem/ApiProblem.ts';
export { NotFoundProblemMiddleware } from './problem/NotFoundProblemMiddleware.ts';
export { ProblemMiddleware, type ProblemMiddlewareOptions } from './problem/ProblemMiddleware.ts';
export { type ValidationMessages, validationProblem } from './problem/validationProblem.ts';
// REST resources.
export {
  type Awaitable,
  type Collection,
  type Entity,
  notDefined,
  type Page,
  type PageLoader,
  Resource,
} from './rest/Resource.ts';
export {
  type RestResourceConfig,
  registerConfiguredResources,
} from './rest/registerConfiguredResources.ts';
export {
  type ResourceOptions,
  type ResourceRoutes,
  registerResource,
} from './rest/registerResource.ts';
// Routing.
export { FindMyWayRouter } from './router/FindMyWayRouter.ts';
export { PatternRouter } from './router/PatternRouter.ts';
export { Route } from './router/Route.ts';
export type { RouteOptions } from './router/RouteOptions.ts';
export { RouteResult } from './router/RouteResult.ts';
export { type MethodRules, type Router, RouteTable } from './router/Router.ts';
export type { RouteParams } from './router/routePath.ts';
export { type FetchHandler, type RunningServer, type ServeOptions, serve } from './server/serve.ts';
export { API_VERSION } from './versioning/apiVersionAttribute.ts';
export { Versioning, type VersioningOptions } from './versioning/Versioning.ts';
