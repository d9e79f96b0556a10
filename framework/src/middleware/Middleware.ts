import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';

/**
 * Continues with the rest of the pipeline. Called without arguments it passes the
 * current request and response prototype on; middleware may pass changed ones instead.
 *
 * @param request - the request to pass on; the current one by default
 * @param response - the response prototype to pass on; the current one by default
 * @category Pipeline
 */
export type Next = (request?: ServerRequest, response?: ResponsePrototype) => Promise<Response>;

/**
 * Normal middleware as a function: it returns a response, or the result of `next()`.
 *
 * @param request - the request, with the attributes earlier middleware set
 * @param response - the response prototype, to derive the answer from
 * @typeParam Params - the route parameters its request carries, as in {@link ServerRequest}
 * @category Pipeline
 */
export type MiddlewareFunction<Params extends string = string> = (
  request: ServerRequest<Params>,
  response: ResponsePrototype,
  next: Next,
) => Response | Promise<Response>;

/**
 * Error middleware as a function. The pipeline recognises it by its four parameters;
 * where that cannot be seen (default or rest parameters), wrap it with {@link errorMiddleware}.
 * It recovers by returning a response, or passes the error on by calling `next()` or throwing.
 *
 * @param request - the request, with the attributes earlier middleware set
 * @param response - the response prototype, to derive the answer from
 * @category Pipeline
 */
export type ErrorMiddlewareFunction = (
  error: unknown,
  request: ServerRequest,
  response: ResponsePrototype,
  next: Next,
) => Response | Promise<Response>;

/**
 * Normal middleware as an object. An {@link Application} is one.
 * @category Pipeline
 */
export interface MiddlewareInterface {
  /**
   * Handles the request, or delegates to `next`.
   *
   * @param request - the request, with the attributes earlier middleware set
   * @param response - the response prototype, to derive the answer from
   */
  process(
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Response | Promise<Response>;
}

/**
 * Error middleware as an object.
 * @category Pipeline
 */
export interface ErrorMiddlewareInterface {
  /**
   * Handles an error raised earlier in the pipeline, or passes it on with `next`.
   *
   * @param request - the request, with the attributes earlier middleware set
   * @param response - the response prototype, to derive the answer from
   */
  processError(
    error: unknown,
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Response | Promise<Response>;
}

/**
 * One step of a pipeline: any accepted form of middleware reduced to one shape (see
 * `Stage.ts`), so that the pipeline asks no questions about it per request.
 * @category Pipeline
 */
export interface Stage {
  /** Whether it runs while the pipeline handles an error (error middleware) or otherwise. */
  readonly handlesErrors: boolean;
  /** A name for messages and traces: the function's or the service's name. */
  readonly name: string;
  /** The path prefix it is piped under (`PathPrefix.ts`), for traces; none for every path. */
  readonly prefix?: string;
  /** Runs it; normal middleware ignores `error`. */
  run(
    error: unknown,
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Response | Promise<Response>;
}

/**
 * Middleware as routes and pipelines take it: a function, an object, the name of a
 * service in the container (fetched only when first invoked), an Application, or a list
 * of these, which runs as a nested pipeline would. Error middleware given as an object or
 * through {@link errorMiddleware} is included; a bare four-parameter function is
 * {@link AnyMiddleware}, which only `pipe()` takes.
 *
 * @see The framework guide: [middleware](../../../docs/framework.md#middleware)
 * @category Pipeline
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
 * @category Pipeline
 */
export type AnyMiddleware = Middleware | ErrorMiddlewareFunction;

/**
 * Marks a function as error middleware where its parameter count cannot show it,
 * for example `(error, ...rest) => …`.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * const logAndPassOn = (error: unknown, ...rest: Parameters<Next>) => {
 *   console.error(error);
 *   throw error; // on to the next error middleware
 * };
 * app.pipe(errorMiddleware(logAndPassOn));
 * ```
 * @see The framework guide: [middleware](../../../docs/framework.md#middleware)
 * @category Pipeline
 */
export function errorMiddleware(handler: ErrorMiddlewareFunction): ErrorMiddlewareInterface {
  return { processError: handler };
}

/**
 * Options of a pipeline entry, as `Application.pipe` takes them (the path is an argument of
 * its own).
 * @category Pipeline
 */
export interface ApplicationPipeOptions {
  /** Higher runs earlier; default 1; negative values run last; a non-integer counts as 1. */
  priority?: number | undefined;
  /** Marks the middleware as error middleware whatever its shape says. */
  error?: boolean | undefined;
}
