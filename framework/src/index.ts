/**
 * Hyperpipe: a compact framework that maps HTTP requests to middleware through routes and
 * a priority-ordered pipeline, configured by code or through a small container.
 *
 * This module, `hyperpipe`, exports what an application is written against: the
 * application and its factory, the container, middleware, the request, responses and
 * errors, routes, events and the pipeline trace. Each further concept has a subpath of its
 * own: `hyperpipe/config` (the shapes of configuration), `hyperpipe/router`,
 * `hyperpipe/middleware` and `hyperpipe/container` (the errors they throw),
 * `hyperpipe/problem`, `hyperpipe/hal`, `hyperpipe/rest`, `hyperpipe/negotiation`,
 * `hyperpipe/versioning`, `hyperpipe/auth` and `hyperpipe/server`. The rest of
 * `framework/src` is internal.
 *
 * @packageDocumentation
 */

// The application: routes plus a pipeline, routing and dispatch as two of its steps; its
// factory; the trace of a request's way through its pipeline. What `app.run()` serves it
// with is in hyperpipe/server, the options of a pipeline entry in hyperpipe/middleware.
export { Application, type ApplicationOptions } from './application/Application.ts';
export { ApplicationFactory } from './application/ApplicationFactory.ts';
export { PipelineTrace, type TraceEntry } from './application/PipelineTrace.ts';
export type { TraceOption, TraceSink } from './application/PipelineTraceOption.ts';
// The container and configuration; the shapes of configuration are in hyperpipe/config.
export { loadConfig } from './config/loadConfig.ts';
export type { Container } from './container/Container.ts';
export { ServiceManager } from './container/ServiceManager.ts';
export { createApplication } from './createApplication.ts';
export { createContainer } from './createContainer.ts';
export { EventManager, type Listener } from './events/EventManager.ts';
// HTTP: the request, the response prototype and responses, errors, and the entity tags of
// conditional requests.
export { type Attribute, attribute } from './http/Attribute.ts';
export type { ErrorLogger } from './http/ErrorLogger.ts';
export { entityTag, noneMatchFails } from './http/entityTag.ts';
export { HttpError, type HttpErrorOptions } from './http/HttpError.ts';
export { ResponsePrototype } from './http/ResponsePrototype.ts';
export { empty, html, json, type ResponseOptions, redirect, text } from './http/responses.ts';
export { ServerRequest } from './http/ServerRequest.ts';
// Middleware.
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
// Routes; the routers are in hyperpipe/router.
export { Route } from './router/Route.ts';
export type { RouteOptions } from './router/RouteOptions.ts';
export type { RouteParams } from './router/routePath.ts';
