import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';

/**
 * Continues with the rest of the pipeline. Called without arguments it passes the
 * current request and response prototype on; middleware may pass changed ones instead.
 */
export type Next = (request?: ServerRequest, response?: ResponsePrototype) => Promise<Response>;

/** Normal middleware as a function: it returns a response, or the result of `next()`. */
export type MiddlewareFunction = (
  request: ServerRequest,
  response: ResponsePrototype,
  next: Next,
) => Response | Promise<Response>;

/**
 * Error middleware as a function. The pipeline recognises it by its four parameters;
 * where that cannot be seen (default or rest parameters), wrap it with {@link errorMiddleware}.
 * It recovers by returning a response, or passes the error on by calling `next()` or throwing.
 */
export type ErrorMiddlewareFunction = (
  error: unknown,
  request: ServerRequest,
  response: ResponsePrototype,
  next: Next,
) => Response | Promise<Response>;

/** Normal middleware as an object. An {@link Application} is one. */
export interface MiddlewareInterface {
  /** Handles the request, or delegates to `next`. */
  process(
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Response | Promise<Response>;
}

/** Error middleware as an object. */
export interface ErrorMiddlewareInterface {
  /** Handles an error raised earlier in the pipeline, or passes it on with `next`. */
  processError(
    error: unknown,
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Response | Promise<Response>;
}

/**
 * Middleware as routes and pipelines take it: a function, an object, the name of a
 * service in the container (fetched only when first invoked), an Application, or a list
 * of these, which becomes a nested pipeline. Error middleware given as an object or
 * through {@link errorMiddleware} is included; a bare four-parameter function is
 * {@link AnyMiddleware}, which only `pipe()` takes.
 */
export type Middleware =
  | MiddlewareFunction
  | MiddlewareInterface
  | ErrorMiddlewareInterface
  | string
  | readonly AnyMiddleware[];

/**
 * Everything a pipeline accepts, error middleware functions included. It is kept apart
 * from {@link Middleware} because TypeScript cannot infer the parameter types of an
 * inline function from a union of two function types.
 */
export type AnyMiddleware = Middleware | ErrorMiddlewareFunction;

/**
 * Marks a function as error middleware where its parameter count cannot show it,
 * for example `(error, ...rest) => …`.
 */
export function errorMiddleware(handler: ErrorMiddlewareFunction): ErrorMiddlewareInterface {
  return { processError: handler };
}
