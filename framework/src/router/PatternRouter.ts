import type { Route } from './Route.ts';
import { RouteResult } from './RouteResult.ts';
import type { Router } from './Router.ts';
import { fillRoutePath, type RouteParams, tokenPattern } from './routePath.ts';
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

  readonly #compiled: CompiledRoute[] = [];
  readonly #routes: Route[] = [];
  readonly #byName = new Map<string, Route>();

  /** The routes added so far, in order. */
  get routes(): readonly Route[] {
    return this.#routes;
  }

  /** Compiles the route's path; its tokens are read at each match, so setOptions() always counts. */
  addRoute(route: Route): void {
    this.#compiled.push({ route, pattern: compile(route) });
    this.#routes.push(route);
    this.#byName.set(route.name, route);
  }

  /** Tries every route in order; collects all that match the path, then picks by method. */
  match(method: string, path: string): RouteResult {
    const normalized = normalizePath(path);
    const matches = new Map<Route, Record<string, string>>();
    for (const { route, pattern } of this.#compiled) {
      const found = pattern.exec(normalized);
      if (!found) continue;
      // Tokens judge the decoded value, as generateUri does: on the path, a token such as
      // `[\w:]+` would see `a%3Ab` and refuse `a:b`, a value this router itself generated.
      const params = decodeAll({ ...found.groups });
      if (tokensMatch(route, params)) matches.set(route, params);
    }
    if (matches.size === 0) return RouteResult.NOT_FOUND;
    return selectRoute(
      [...matches.keys()],
      method,
      PatternRouter.METHOD_RULES,
      (route) => matches.get(route) ?? {},
    );
  }

  /** Builds the path of a named route. */
  generateUri(name: string, params: RouteParams = {}): string {
    const route = this.#byName.get(name);
    if (!route) throw new Error(`Cannot generate URI for route "${name}"; route not found`);
    return fillRoutePath(name, route.parts, params, route.options.tokens);
  }
}

/**
 * Decodes the escapes of a request path that stand for ordinary characters, so that
 * `/caf%C3%A9` meets the route `/café` and `/us%65r` meets `/user`; a malformed escape is
 * a 400. Escapes of `%` and of delimiters such as `/` and `?` stay: they can only belong to
 * placeholder values, which are decoded once, later. find-my-way reads paths the same way.
 */
function normalizePath(path: string): string {
  return path.replace(/(?:%[\dA-Fa-f]{2})+|%/g, (escapes) =>
    decodeParam(escapes).replace(/[#$%&+,/:;=?@]/g, encodeURIComponent),
  );
}

/** `/user/{id}.json` → `^/user/(?<id>[^/]+)\.json$`: a placeholder never spans a `/`. */
function compile(route: Route): RegExp {
  const source = route.parts
    .map((part) =>
      part.param === undefined ? escapeRegExp(part.literal ?? '') : `(?<${part.param}>[^/]+)`,
    )
    .join('');
  return new RegExp(`^${source}$`, 'u');
}

function tokensMatch(route: Route, params: Record<string, string>): boolean {
  const tokens = Object.entries(route.options.tokens ?? {});
  return tokens.every(([name, token]) => tokenPattern(token).test(params[name] ?? ''));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function decodeAll(params: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) decoded[name] = decodeParam(value);
  return decoded;
}
