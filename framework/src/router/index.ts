/**
 * `hyperpipe/router`: routers, for an application that brings its own. A {@link Router}
 * matches a request to a route and tells a 404 from a 405 in its {@link RouteResult}, which
 * the routing middleware puts on the request under {@link ROUTE_RESULT};
 * {@link FindMyWayRouter} (the default, a radix tree) and {@link PatternRouter} (regular
 * expressions) share {@link RouteTable}. A path matched with another method makes routing
 * raise a {@link MethodNotAllowedError}, which error middleware can recognise. Routes
 * themselves (`Route`, `RouteOptions`, `RouteParams`) come from `hyperpipe`;
 * {@link RouteMiddleware} and {@link RouteParamNames} type a route's middleware by its path.
 *
 * @packageDocumentation
 */

export { MethodNotAllowedError } from '../http/HttpError.ts';
export { FindMyWayRouter } from './FindMyWayRouter.ts';
export { PatternRouter } from './PatternRouter.ts';
export type { RouteMiddleware, RouteParamNames } from './RouteMiddleware.ts';
export type { RouteOptionRules } from './RouteOptions.ts';
export { ROUTE_RESULT, RouteResult } from './RouteResult.ts';
export { type MethodRules, type Router, RouteTable } from './Router.ts';
export { UriTemplate } from './UriTemplate.ts';
