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
export { loadConfig } from './config/loadConfig.ts';
export { type Config, isMap, mergeConfig } from './config/mergeConfig.ts';
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
