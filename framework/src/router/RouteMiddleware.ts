import type { Middleware, MiddlewareFunction } from '../middleware/Middleware.ts';

/**
 * The names of a path's placeholders, read from its text: `'id' | 'slug'` for
 * `'/user/{id}/post/{slug}'`, and any name for a path that is not a literal.
 * @category Routing
 */
export type RouteParamNames<Path extends string> = string extends Path
  ? string
  : Path extends `${string}{${infer Name}}${infer Rest}`
    ? Name | RouteParamNames<Rest>
    : never;

/**
 * Middleware of a route whose path is `Path`: any {@link Middleware}, where a function's
 * request knows the path's parameter names, so that `request.param('id')` type-checks in
 * middleware of `/user/{id}` and a name the path does not have is an error.
 *
 * @example
 * ```ts
 * const showUser: RouteMiddleware<'/user/{id}'> = (request) =>
 *   json({ id: request.param('id') });
 * createApplication().get('/user/{id}', showUser);
 * ```
 * @category Routing
 */
export type RouteMiddleware<Path extends string> =
  | MiddlewareFunction<RouteParamNames<Path>>
  | Exclude<Middleware, MiddlewareFunction>;
