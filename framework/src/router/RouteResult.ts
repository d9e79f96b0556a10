import { type Attribute, attribute } from '../http/Attribute.ts';
import type { Route } from './Route.ts';

/**
 * What routing found for a request: a matched route with its parameters, a path that
 * matched with the wrong method (and the methods that would have matched), or nothing.
 *
 * @example
 * ```ts
 * const router = new FindMyWayRouter();
 * router.addRoute(new Route('/ping', () => text('pong'), ['GET'], 'ping'));
 * const result = router.match('DELETE', '/ping');
 * console.log(result.isMethodFailure, result.allowedMethods);
 * // true ['GET', 'HEAD']
 * ```
 * @category Routing
 */
export class RouteResult {
  /** The matched route, on success. */
  readonly route: Route | undefined;
  /** The decoded placeholder values, on success. */
  readonly params: Readonly<Record<string, string>>;
  /** On a method failure, the methods the path allows. */
  readonly allowedMethods: readonly string[] | undefined;

  private constructor(
    route: Route | undefined,
    params: Readonly<Record<string, string>>,
    allowedMethods: readonly string[] | undefined,
  ) {
    this.route = route;
    this.params = params;
    this.allowedMethods = allowedMethods;
  }

  /**
   * A successful match.
   * @param params - its decoded placeholder values
   */
  static fromRoute(route: Route, params: Readonly<Record<string, string>> = {}): RouteResult {
    return new RouteResult(route, params, undefined);
  }

  /**
   * The path matched, the method did not.
   * @param allowedMethods - the methods the path allows, for `Allow`
   */
  static fromMethodFailure(allowedMethods: readonly string[]): RouteResult {
    return new RouteResult(undefined, {}, allowedMethods);
  }

  /** Nothing matched the path. */
  static readonly NOT_FOUND: RouteResult = new RouteResult(undefined, {}, undefined);

  /** Whether a route matched. */
  get isSuccess(): boolean {
    return this.route !== undefined;
  }

  /** Whether the path matched but the method did not (an HTTP 405). */
  get isMethodFailure(): boolean {
    return this.allowedMethods !== undefined;
  }

  /** The matched route's name, on success. */
  get matchedRouteName(): string | undefined {
    return this.route?.name;
  }
}

/**
 * The request attribute under which the routing middleware stores its {@link RouteResult}.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.pipeRoutingMiddleware();
 * app.pipe((request, response, next) => {
 *   const route = request.getAttribute(ROUTE_RESULT)?.matchedRouteName;
 *   response.headers.set('X-Route', route ?? 'none');
 *   return next();
 * });
 * app.pipeDispatchMiddleware();
 * ```
 * @category Routing
 */
export const ROUTE_RESULT: Attribute<RouteResult> = attribute<RouteResult>('hyperpipe.routeResult');
