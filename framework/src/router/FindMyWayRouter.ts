import FindMyWay from 'find-my-way';
import { HttpError } from '../http/HttpError.ts';
import type { Route } from './Route.ts';
import { RouteResult } from './RouteResult.ts';
import type { Router } from './Router.ts';
import { fillRoutePath, type RouteParams, tokenPattern } from './routePath.ts';
import { type MethodRules, selectRoute } from './selectRoute.ts';

/** A route of a path shape, with its own names for find-my-way's positional parameters p0, p1, … */
interface ShapedRoute {
  readonly route: Route;
  readonly names: readonly string[];
}

/**
 * The default router: a radix tree from find-my-way, the router inside Fastify, so a
 * lookup costs about the same among 10 routes or 1,000.
 *
 * find-my-way only indexes paths here. Routes that share a path shape are stored
 * together, and {@link selectRoute} picks among them by method, the same code the
 * {@link PatternRouter} uses, so the two routers agree on every method rule and a 405
 * needs no second lookup. Like FastRoute in Zend Expressive, it needs explicit methods:
 * a route without a list answers HEAD, OPTIONS, GET, POST, PATCH, PUT, TRACE and DELETE,
 * and a route with an empty list still answers HEAD, OPTIONS and GET.
 */
export class FindMyWayRouter implements Router {
  /** The methods behind "any method", and those an empty list still answers. */
  static readonly METHOD_RULES: MethodRules = {
    anyMethod: ['HEAD', 'OPTIONS', 'GET', 'POST', 'PATCH', 'PUT', 'TRACE', 'DELETE'],
    emptyList: ['HEAD', 'OPTIONS', 'GET'],
  };

  readonly #tree = FindMyWay({
    maxParamLength: 8192,
    onBadUrl: () => undefined,
  });
  /** The routes of each path shape, such as `/user/{id}` and `/user/{name}`. */
  readonly #shapes = new Map<string, ShapedRoute[]>();
  readonly #byName = new Map<string, Route>();
  readonly #routes: Route[] = [];

  /** The routes added so far, in order. */
  get routes(): readonly Route[] {
    return this.#routes;
  }

  /** Adds the route to the shape its path has; a new shape enters the tree. */
  addRoute(route: Route): void {
    const path = treePath(route);
    let shape = this.#shapes.get(path);
    if (!shape) {
      shape = [];
      this.#shapes.set(path, shape);
      // One tree, one pseudo-method: the tree answers "which shape", selectRoute "which route".
      this.#tree.on('GET', path, () => undefined, shape);
    }
    const names = route.parts.flatMap((part) => (part.param === undefined ? [] : [part.param]));
    shape.push({ route, names });
    this.#routes.push(route);
    this.#byName.set(route.name, route);
  }

  /** Finds the path shape in the tree, then the route by tokens and method. */
  match(method: string, path: string): RouteResult {
    const found = this.#tree.find('GET', path);
    if (found === null) return RouteResult.NOT_FOUND;
    if (found.store === null)
      throw new HttpError(400, 'Malformed percent-encoding in the request path');
    const values = Object.values(found.params) as string[];
    // find-my-way lets a placeholder match an empty segment (`/user/` for `/user/{id}`);
    // generateUri never produces one, and PatternRouter does not match one either.
    if (values.includes('')) return RouteResult.NOT_FOUND;
    // Tokens are read from each route now, so setOptions() counts whenever it is called.
    const candidates = (found.store as ShapedRoute[]).filter((shaped) =>
      tokensMatch(shaped, values),
    );
    if (candidates.length === 0) return RouteResult.NOT_FOUND;
    return selectRoute(
      candidates.map((shaped) => shaped.route),
      method,
      FindMyWayRouter.METHOD_RULES,
      (route) =>
        paramsFor(candidates.find((shaped) => shaped.route === route) as ShapedRoute, values),
    );
  }

  /** Builds the path of a named route. */
  generateUri(name: string, params: RouteParams = {}): string {
    const route = this.#byName.get(name);
    if (!route) throw new Error(`Cannot generate URI for route "${name}"; route not found`);
    return fillRoutePath(name, route.parts, params, route.options.tokens);
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

function tokensMatch(shaped: ShapedRoute, values: readonly string[]): boolean {
  const { tokens } = shaped.route.options;
  if (tokens === undefined) return true;
  return shaped.names.every((name, index) => {
    const token = tokens[name];
    return token === undefined || tokenPattern(token).test(values[index] ?? '');
  });
}

function paramsFor(shaped: ShapedRoute, values: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  shaped.names.forEach((name, index) => {
    params[name] = values[index] ?? '';
  });
  return params;
}
