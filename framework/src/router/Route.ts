import type { Middleware } from '../middleware/Middleware.ts';
import { assertKnownOptions, type RouteOptionRules, type RouteOptions } from './RouteOptions.ts';
import { type PathPart, parseRoutePath, tokenPattern } from './routePath.ts';

/**
 * A path pattern bound to middleware for some HTTP methods.
 *
 * The path may hold `{name}` placeholders. The methods are a list, an empty list (only
 * HEAD and OPTIONS are honoured, and GET by routers that need explicit methods), or
 * `undefined` for every method the router supports.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * const user = new Route(
 *   '/user/{id}',
 *   (request) => json({ id: request.param('id') }),
 *   ['GET'],
 * );
 * // /user/abc is now a 404:
 * app.route(user).setOptions({ tokens: { id: '[1-9]\\d{0,14}' } });
 * ```
 * @see The framework guide: [routes](../../../docs/framework.md#routes)
 * @category Routing
 */
export class Route {
  /** The path pattern, e.g. `/user/{id}`. */
  readonly path: string;
  /** What runs when the route matches. */
  readonly middleware: Middleware;
  /** The allowed methods, upper-case; `undefined` allows any method. */
  readonly methods: readonly string[] | undefined;
  /** The name used to generate URIs; derived from path and methods unless given. */
  readonly name: string;
  /**
   * The path split into literal text and placeholders, parsed once.
   * @internal
   */
  readonly parts: readonly PathPart[];
  #options: RouteOptions = {};
  /** The options the router holding the route reads; unknown until a router holds it. */
  #routerRules: RouteOptionRules | undefined;

  /**
   * Creates the Route.
   *
   * @param path - the path pattern, starting with `/`
   * @param middleware - what runs when the route matches
   * @param methods - the allowed methods; leave out for any method
   * @param name - the route name; by default `path` (any method), `path^GET:POST` (a list) or `path^` (an empty list)
   */
  constructor(path: string, middleware: Middleware, methods?: readonly string[], name?: string) {
    this.path = path;
    this.parts = parseRoutePath(path);
    this.middleware = middleware;
    this.methods = methods?.map((method) => normalizeMethod(path, method));
    this.name = name ?? defaultName(path, this.methods);
  }

  /** The route's options. */
  get options(): RouteOptions {
    return this.#options;
  }

  /**
   * Replaces the route's options, for example `{ tokens: { id: '[1-9]\\d{0,14}' } }`. They
   * count at once, before or after the application served requests: routers read them at each
   * match.
   */
  setOptions(options: RouteOptions): this {
    assertKnownOptions(this.name, options, this.#routerRules);
    for (const [name, pattern] of Object.entries(options.tokens ?? {})) {
      if (!this.parts.some((part) => part.param === name)) {
        throw new Error(
          `Route "${this.name}" has a token for "${name}", but its path has no {${name}}`,
        );
      }
      tokenPattern(pattern); // fails here, not at the first request, when the pattern is broken
    }
    this.#options = options;
    return this;
  }

  /**
   * Checks the route's options against what the router adding it reads, now and at each
   * later `setOptions()`: an option the router does not declare is refused.
   * @param rules - the options the router reads beyond the framework's own
   * @internal
   */
  acceptRouterOptions(rules: RouteOptionRules): void {
    assertKnownOptions(this.name, this.#options, rules);
    this.#routerRules = rules;
  }

  /**
   * Whether each placeholder value matches its token, if it has one; routers ask at each match.
   * @param params - the decoded placeholder values, by name
   */
  matchesTokens(params: Readonly<Record<string, string>>): boolean {
    const tokens = this.#options.tokens ?? {};
    for (const name in tokens) {
      if (!tokenPattern(tokens[name] as string).test(params[name] ?? '')) return false;
    }
    return true;
  }
}

/** The method upper-cased; anything but an RFC 9110 token is refused, naming the route. */
function normalizeMethod(path: string, method: unknown): string {
  if (typeof method !== 'string') {
    const shown = typeof method === 'symbol' ? String(method) : JSON.stringify(method);
    throw new TypeError(
      `Invalid HTTP method ${shown} for route "${path}": a method is a string such as "GET"`,
    );
  }
  if (!/^[!#$%&'*+.^_`|~\dA-Za-z-]+$/.test(method)) {
    throw new Error(`Invalid HTTP method "${method}" for route "${path}"`);
  }
  return method.toUpperCase();
}

function defaultName(path: string, methods: readonly string[] | undefined): string {
  return methods === undefined ? path : `${path}^${methods.join(':')}`;
}
