import type { Route } from './Route.ts';
import type { RouteResult } from './RouteResult.ts';
import type { RouteParams } from './routePath.ts';

/**
 * What an application needs from a router. Two adapters come with Hyperpipe:
 * {@link FindMyWayRouter} (the default, a radix tree) and {@link PatternRouter}
 * (regular expressions, written to be read).
 */
export interface Router {
  /** Adds a route. The application has already checked it against the routes it holds. */
  addRoute(route: Route): void;
  /** The routes added so far, in order. */
  readonly routes: readonly Route[];
  /** Matches a method and a (percent-encoded) path. */
  match(method: string, path: string): RouteResult;
  /**
   * Builds the path of a named route.
   *
   * @throws Error `Cannot generate URI for route "X"; route not found` for an unknown name
   */
  generateUri(name: string, params?: RouteParams): string;
}
