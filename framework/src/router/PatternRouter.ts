import type { Route } from './Route.ts';
import { RouteResult } from './RouteResult.ts';
import type { Router } from './Router.ts';
import { fillRoutePath, type RouteParams } from './routePath.ts';
import { decodeParam, type MethodRules, selectRoute } from './selectRoute.ts';

interface CompiledRoute {
  readonly route: Route;
  readonly pattern: RegExp;
}

/**
 * A small router to read and learn from: each route's path becomes a regular expression
 * (`/user/{id}` → `^/user/(?<id>[^/]+)$`), and a request is tried against each route in
 * the order they were added. It matches any HTTP method natively, so a route without a
 * method list answers every method, even ones it has never heard of.
 *
 * Lookups grow linearly with the number of routes; use {@link FindMyWayRouter} for large tables.
 */
export class PatternRouter implements Router {
  /** Any method for routes without a list; HEAD and OPTIONS for an empty list. */
  static readonly METHOD_RULES: MethodRules = {
    anyMethod: undefined,
    emptyList: ['HEAD', 'OPTIONS'],
  };

  readonly #routes: CompiledRoute[] = [];
  readonly #pending: Route[] = [];
  readonly #byName = new Map<string, Route>();

  /** Queues the route; it is compiled at the first match, after `setOptions()` had its chance. */
  addRoute(route: Route): void {
    this.#pending.push(route);
    this.#byName.set(route.name, route);
  }

  /** Tries every route in order; collects all that match the path, then picks by method. */
  match(method: string, path: string): RouteResult {
    for (const route of this.#pending.splice(0))
      this.#routes.push({ route, pattern: compile(route) });
    const matches = new Map<Route, Record<string, string>>();
    for (const { route, pattern } of this.#routes) {
      const found = pattern.exec(path);
      if (found) matches.set(route, { ...found.groups });
    }
    if (matches.size === 0) return RouteResult.NOT_FOUND;
    return selectRoute([...matches.keys()], method, PatternRouter.METHOD_RULES, (route) =>
      decodeAll(matches.get(route) ?? {}),
    );
  }

  /** Builds the path of a named route. */
  generateUri(name: string, params: RouteParams = {}): string {
    const route = this.#byName.get(name);
    if (!route) throw new Error(`Cannot generate URI for route "${name}"; route not found`);
    return fillRoutePath(name, route.parts, params, route.options.tokens);
  }
}

/** `/user/{id}` with token `\d+` → `^/user/(?<id>\d+)$`; placeholders without a token stop at `/`. */
function compile(route: Route): RegExp {
  const tokens = route.options.tokens ?? {};
  const source = route.parts
    .map((part) =>
      part.param === undefined
        ? escapeRegExp(part.literal ?? '')
        : `(?<${part.param}>${tokens[part.param] ?? '[^/]+'})`,
    )
    .join('');
  return new RegExp(`^${source}$`, 'u');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function decodeAll(params: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) decoded[name] = decodeParam(value);
  return decoded;
}
