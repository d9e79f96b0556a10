import { HttpError } from '../http/HttpError.ts';
import type { Route } from './Route.ts';
import { RouteResult } from './RouteResult.ts';
import { RouteTable } from './Router.ts';

/**
 * A small router to read and learn from: each route's path becomes a regular expression
 * (`/user/{id}` → `^/user/(?<id>[^/]+)$`), and a request is tried against each route in
 * the order they were added. It matches any HTTP method natively, so a route without a
 * method list answers every method, even ones it has never heard of; a route with an
 * empty list answers HEAD and OPTIONS.
 *
 * Lookups grow linearly with the number of routes; use {@link FindMyWayRouter} for large tables.
 *
 * @example
 * ```ts
 * const router = new PatternRouter();
 * router.addRoute(new Route('/user/{id}', () => text('user'), ['GET']));
 * console.log(router.match('GET', '/user/42').params); // { id: '42' }
 * console.log(router.match('POST', '/user/42').allowedMethods); // ['GET', 'HEAD']
 * ```
 * @see The framework guide: [routes](../../../docs/framework.md#routes)
 * @category Routing
 */
export class PatternRouter extends RouteTable {
  readonly #patterns: { readonly route: Route; readonly pattern: RegExp }[] = [];

  /** Creates the router. */
  constructor() {
    super({ anyMethod: undefined, emptyList: ['HEAD', 'OPTIONS'] });
  }

  /**
   * Compiles the route's path; its tokens are read at each match, so setOptions() always
   * counts. A route the table refuses is never tried.
   */
  override addRoute(route: Route): void {
    super.addRoute(route);
    this.#patterns.push({ route, pattern: compile(route) });
  }

  /**
   * Tries every route in order; collects all that match the path, then picks by method.
   * @param method - the request method, as the client sent it
   * @param path - the request path, percent-encoded
   */
  match(method: string, path: string): RouteResult {
    const normalized = normalizePath(path);
    const matched = new Map<Route, Record<string, string>>();
    for (const { route, pattern } of this.#patterns) {
      const found = pattern.exec(normalized);
      if (!found) continue;
      // Tokens judge the decoded value, as generateUri does: on the path, a token such as
      // `[\w:]+` would see `a%3Ab` and refuse `a:b`, a value this router itself generated.
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(found.groups ?? {})) params[name] = decode(value);
      if (route.matchesTokens(params)) matched.set(route, params);
    }
    return matched.size === 0 ? RouteResult.NOT_FOUND : this.select(matched, method);
  }
}

/**
 * Decodes the escapes of a request path that stand for ordinary characters, so that
 * `/caf%C3%A9` meets the route `/café` and `/us%65r` meets `/user`. Escapes of `%` and of
 * delimiters such as `/` and `?` stay: they can only belong to placeholder values, which
 * are decoded once, later. find-my-way reads paths the same way.
 */
function normalizePath(path: string): string {
  return path.replace(/(?:%[\dA-Fa-f]{2})+|%/g, (escapes) =>
    decode(escapes).replace(/[#$%&+,/:;=?@]/g, encodeURIComponent),
  );
}

/** `/user/{id}.json` → `^/user/(?<id>[^/]+)\.json$`: a placeholder never spans a `/`. */
function compile(route: Route): RegExp {
  const source = route.parts
    .map((part) =>
      part.param === undefined
        ? (part.literal ?? '').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
        : `(?<${part.param}>[^/]+)`,
    )
    .join('');
  return new RegExp(`^${source}$`, 'u');
}

/** Decodes percent-escapes; a malformed one is the client's mistake, a 400. */
function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new HttpError(400, 'Malformed percent-encoding in the request path');
  }
}
