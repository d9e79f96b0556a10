import type { Route } from './Route.ts';
import type { RouteOptionRules } from './RouteOptions.ts';
import { RouteResult } from './RouteResult.ts';
import { refuseDuplicate } from './refuseDuplicate.ts';
import { fillRoutePath, type RouteParams } from './routePath.ts';
import { UriTemplate } from './UriTemplate.ts';

/**
 * What an application needs from a router. Two come with Hyperpipe, both built on
 * {@link RouteTable}: {@link FindMyWayRouter} (the default, a radix tree) and
 * {@link PatternRouter} (regular expressions, written to be read).
 *
 * @see The framework guide: [routes](../../../docs/framework.md#routes)
 * @category Routing
 */
export interface Router {
  /**
   * Adds a route; refuses one that would shadow a route it holds (the same name, or the
   * same path with a method in common).
   */
  addRoute(route: Route): void;
  /** The routes added so far, in order. */
  readonly routes: readonly Route[];
  /**
   * The route options this router reads beyond `tokens`, `allow`, `authentication` and
   * `resource`; a route it holds with any other option is refused.
   */
  readonly routeOptions?: RouteOptionRules;
  /**
   * Matches a method and a path.
   * @param method - the request method, as the client sent it
   * @param path - the request path, percent-encoded
   */
  match(method: string, path: string): RouteResult;
  /**
   * Builds the path of a named route.
   *
   * @param params - a value for each placeholder of its path
   * @throws Error `Cannot generate URI for route "X"; route not found` for an unknown name
   */
  generateUri(name: string, params?: RouteParams): string;
  /**
   * The path of a named route as a template to fill for each link, with the route's token
   * check: optional, since {@link Router.generateUri} builds the same paths.
   * @throws Error `Cannot generate URI for route "X"; route not found` for an unknown name
   */
  uriTemplate?(name: string): UriTemplate;
}

/**
 * How a router reads route method lists; the one thing in which the two routers differ.
 * @category Routing
 */
export interface MethodRules {
  /** What a route without a method list answers; `undefined` means any method at all. */
  readonly anyMethod: readonly string[] | undefined;
  /** What a route with an empty method list still answers. */
  readonly emptyList: readonly string[];
}

/**
 * What the routers share: the routes, in order and by name, and the choice of a route by
 * method among those whose path matched. A router built on it only says how it finds the
 * routes of a path ({@link RouteTable.match}) and reads method lists ({@link MethodRules}).
 *
 * @example
 * ```ts
 * // A router for a handful of fixed paths, with the method rules of
 * // PatternRouter.
 * class ExactRouter extends RouteTable {
 *   constructor() {
 *     super({ anyMethod: undefined, emptyList: ['HEAD', 'OPTIONS'] });
 *   }
 *   match(method: string, path: string): RouteResult {
 *     const routes = this.routes.filter((route) => route.path === path);
 *     if (routes.length === 0) return RouteResult.NOT_FOUND;
 *     return this.select(new Map(routes.map((route) => [route, {}])), method);
 *   }
 * }
 * const app = createApplication({ router: new ExactRouter() });
 * ```
 * @category Routing
 */
export abstract class RouteTable implements Router {
  readonly #rules: MethodRules;
  /** The route options this router reads beyond the framework's own: none unless a subclass says. */
  readonly routeOptions: RouteOptionRules;
  readonly #routes: Route[] = [];
  readonly #byName = new Map<string, Route>();
  readonly #byPath = new Map<string, Route[]>();
  readonly #templates = new Map<string, UriTemplate>();

  /**
   * Creates the table.
   * @param rules - how this router reads method lists
   * @param routeOptions - the route options it reads beyond the framework's own
   */
  protected constructor(rules: MethodRules, routeOptions: RouteOptionRules = {}) {
    this.#rules = rules;
    this.routeOptions = routeOptions;
  }

  /** The routes added so far, in order. */
  get routes(): readonly Route[] {
    return this.#routes;
  }

  /** Adds the route to the table, unless it would shadow one the table holds. */
  addRoute(route: Route): void {
    const samePath = this.#byPath.get(route.path) ?? [];
    refuseDuplicate(route, this.#byName.get(route.name), samePath);
    route.acceptRouterOptions(this.routeOptions);
    this.#routes.push(route);
    this.#byName.set(route.name, route);
    this.#byPath.set(route.path, [...samePath, route]);
  }

  /**
   * Matches a method and a path.
   * @param method - the request method, as the client sent it
   * @param path - the request path, percent-encoded
   */
  abstract match(method: string, path: string): RouteResult;

  /**
   * Builds the path of a named route.
   *
   * @param params - a value for each placeholder of its path
   */
  generateUri(name: string, params: RouteParams = {}): string {
    const route = this.#byName.get(name);
    if (!route) throw new Error(`Cannot generate URI for route "${name}"; route not found`);
    return fillRoutePath(name, route.parts, params, route.options.tokens);
  }

  /**
   * The path of a named route as a {@link UriTemplate}, made once per route.
   * @throws Error `Cannot generate URI for route "X"; route not found` for an unknown name
   */
  uriTemplate(name: string): UriTemplate {
    let template = this.#templates.get(name);
    if (template === undefined) {
      const route = this.#byName.get(name);
      if (!route) throw new Error(`Cannot generate URI for route "${name}"; route not found`);
      template = new UriTemplate(route);
      this.#templates.set(name, template);
    }
    return template;
  }

  /**
   * Chooses, among the routes whose path matched (with their parameters), the one for the
   * request method: a route naming the method (or allowing any), then a GET route for
   * HEAD, then a route with an empty list if the rules let it answer. Otherwise the result
   * is a method failure listing what the path allows, for the 405 answer's `Allow` header.
   *
   * @param matched - the routes whose path matched, each with its placeholder values
   */
  protected select(
    matched: ReadonlyMap<Route, Record<string, string>>,
    method: string,
  ): RouteResult {
    const { anyMethod, emptyList } = this.#rules;
    let getForHead: Route | undefined;
    let emptyListRoute: Route | undefined;
    for (const [route, params] of matched) {
      const { methods } = route;
      if (methods?.includes(method) ?? anyMethod?.includes(method) ?? true) {
        return RouteResult.fromRoute(route, params);
      }
      if (method === 'HEAD' && methods?.includes('GET')) getForHead ??= route;
      if (methods?.length === 0 && emptyList.includes(method)) emptyListRoute ??= route;
    }
    const chosen = getForHead ?? emptyListRoute ?? answersEveryMethod(matched.keys());
    if (chosen) return RouteResult.fromRoute(chosen, matched.get(chosen));
    const allowed = [...matched.keys()].flatMap((route) => {
      if (route.options.allow) return route.options.allow;
      if (route.methods === undefined) return anyMethod ?? [];
      return route.methods.length === 0 ? emptyList : route.methods;
    });
    return RouteResult.fromMethodFailure(withHead(allowed));
  }
}

/**
 * A route that answers every method itself, 405 included: one whose options name what it
 * allows, as a REST resource's do. Its 405 then says what the resource kind lacks ("has not
 * been defined for entities", SPEC 7.1), for PROPFIND as for DELETE, rather than the
 * router's words for a route that never heard of the method.
 */
function answersEveryMethod(routes: Iterable<Route>): Route | undefined {
  for (const route of routes) if (route.options.allow !== undefined) return route;
  return undefined;
}

/**
 * The methods for an `Allow` header: each once, and HEAD right after GET, since every
 * GET route also answers HEAD.
 */
export function withHead(methods: readonly string[]): string[] {
  const allowed = new Set<string>();
  for (const method of methods) {
    allowed.add(method);
    if (method === 'GET') allowed.add('HEAD');
  }
  return [...allowed];
}
