import { HttpError } from '../http/HttpError.ts';
import type { Route } from './Route.ts';
import { RouteResult } from './RouteResult.ts';

/** How a router reads route method lists; the one thing in which the two routers differ. */
export interface MethodRules {
  /** What a route without a method list answers; `undefined` means any method at all. */
  readonly anyMethod: readonly string[] | undefined;
  /** What a route with an empty method list still answers. */
  readonly emptyList: readonly string[];
}

/**
 * Chooses, among the routes whose path matched, the one for the request method:
 * a route naming the method (or allowing any), then a GET route for HEAD, then a route
 * with an empty list if the rules let it answer. Otherwise the result is a method
 * failure listing what the path allows, for the 405 answer's `Allow` header.
 */
export function selectRoute(
  candidates: readonly Route[],
  method: string,
  rules: MethodRules,
  paramsOf: (route: Route) => Record<string, string>,
): RouteResult {
  const chosen =
    candidates.find((route) => names(route, method, rules)) ??
    (method === 'HEAD' ? candidates.find((route) => route.methods?.includes('GET')) : undefined) ??
    candidates.find((route) => route.methods?.length === 0 && rules.emptyList.includes(method));
  if (chosen) return RouteResult.fromRoute(chosen, paramsOf(chosen));
  const allowed = candidates.flatMap(
    (route) => route.options.allow ?? methodsOf(route, rules) ?? [],
  );
  return RouteResult.fromMethodFailure(withHead(allowed));
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

/** Whether a route names the method, or allows any method and the rules include it. */
function names(route: Route, method: string, rules: MethodRules): boolean {
  return route.methods === undefined
    ? (rules.anyMethod?.includes(method) ?? true)
    : route.methods.includes(method);
}

/** The methods a route answers under these rules; `undefined` for "any method". */
function methodsOf(route: Route, rules: MethodRules): readonly string[] | undefined {
  if (route.methods === undefined) return rules.anyMethod;
  return route.methods.length === 0 ? rules.emptyList : route.methods;
}

/** Decodes a percent-encoded parameter; a malformed one is the client's mistake, a 400. */
export function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new HttpError(400, 'Malformed percent-encoding in the request path');
  }
}
