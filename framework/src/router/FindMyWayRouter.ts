import FindMyWay from 'find-my-way';
import { HttpError } from '../http/HttpError.ts';
import type { Route } from './Route.ts';
import { RouteResult } from './RouteResult.ts';
import { RouteTable } from './Router.ts';

/** A route of a path shape, with its own names for find-my-way's positional parameters p0, p1, … */
interface ShapedRoute {
  readonly route: Route;
  readonly names: readonly string[];
}

/**
 * The default router: a radix tree from find-my-way, the router inside Fastify, so a
 * lookup costs about the same among 10 routes or 1,000.
 *
 * The tree answers "which path shape": routes that share a shape, such as `/user/{id}`
 * and `/user/{name}`, share one entry, and {@link RouteTable} picks among them by tokens
 * and method, as for the {@link PatternRouter}, so the two routers agree on every method
 * rule and a 405 needs no second lookup. Like FastRoute in Zend Expressive, it needs
 * explicit methods: a route without a list answers HEAD, OPTIONS, GET, POST, PATCH, PUT,
 * TRACE and DELETE, and a route with an empty list still answers HEAD, OPTIONS and GET.
 *
 * @example
 * ```ts
 * // the default anyway:
 * const app = createApplication({ router: new FindMyWayRouter() });
 * app.get('/user/{id}', (request) => json({ id: request.param('id') }));
 * ```
 * @see The framework guide: [routes](../../../docs/framework.md#routes)
 * @category Routing
 */
export class FindMyWayRouter extends RouteTable {
  readonly #tree = FindMyWay({ maxParamLength: 8192, onBadUrl: () => undefined });
  readonly #shapes = new Map<string, ShapedRoute[]>();

  /** Creates the router. */
  constructor() {
    super({
      anyMethod: ['HEAD', 'OPTIONS', 'GET', 'POST', 'PATCH', 'PUT', 'TRACE', 'DELETE'],
      emptyList: ['HEAD', 'OPTIONS', 'GET'],
    });
  }

  /**
   * Adds the route to the shape its path has; a new shape enters the tree. A route the
   * table refuses enters neither.
   */
  override addRoute(route: Route): void {
    const path = treePath(route);
    super.addRoute(route);
    let shape = this.#shapes.get(path);
    if (!shape) {
      shape = [];
      this.#shapes.set(path, shape);
      // One tree under one method: the tree finds the shape, RouteTable the method.
      this.#tree.on('GET', path, () => undefined, shape);
    }
    shape.push({ route, names: route.parts.flatMap((part) => part.param ?? []) });
  }

  /**
   * Finds the path shape in the tree, then the route by tokens and method.
   * @param method - the request method, as the client sent it
   * @param path - the request path, percent-encoded
   */
  match(method: string, path: string): RouteResult {
    const found = this.#tree.find('GET', path);
    if (found === null) return RouteResult.NOT_FOUND;
    if (found.store === null) {
      throw new HttpError(400, 'Malformed percent-encoding in the request path');
    }
    const values = Object.values(found.params) as string[];
    // find-my-way lets a placeholder match an empty segment (`/user/` for `/user/{id}`);
    // generateUri never produces one, and PatternRouter does not match one either.
    if (values.includes('')) return RouteResult.NOT_FOUND;
    const matched = new Map<Route, Record<string, string>>();
    for (const { route, names } of found.store as ShapedRoute[]) {
      const params: Record<string, string> = {};
      for (const [index, name] of names.entries()) params[name] = values[index] ?? '';
      // Tokens are read at each match, so setOptions() counts whenever it is called.
      if (route.matchesTokens(params)) matched.set(route, params);
    }
    return matched.size === 0 ? RouteResult.NOT_FOUND : this.select(matched, method);
  }
}

/** The route's path in find-my-way's syntax, with placeholders renamed p0, p1, … by position. */
function treePath(route: Route): string {
  let position = 0;
  return route.parts
    .map((part, index) => {
      if (part.param !== undefined) {
        const before = route.parts[index - 1]?.literal ?? '';
        const after = route.parts[index + 1]?.literal ?? '/';
        if (before.endsWith('/') && after.startsWith('/')) return `:p${position++}`;
        // A placeholder that shares its segment with text, like `v{n}.json`, gets its pattern
        // spelled out: find-my-way's own `(.*?)` misses line breaks, and it ends a parameter's
        // name only at "-", "." or "/". Greedy, so `{a}-{b}` splits as in PatternRouter.
        return `:p${position++}([\\s\\S]+)`;
      }
      const literal = part.literal ?? '';
      if (literal.includes('*')) {
        throw new Error(
          `Route path "${route.path}" contains "*", which find-my-way reads as a wildcard`,
        );
      }
      return literal.replaceAll(':', '::');
    })
    .join('');
}
