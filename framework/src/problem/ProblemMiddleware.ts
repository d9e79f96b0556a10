import { type ErrorLogger, logToStderr } from '../http/ErrorLogger.ts';
import { HttpError, MethodNotAllowedError } from '../http/HttpError.ts';
import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import type { ErrorMiddlewareInterface, Next } from '../middleware/Middleware.ts';
import { ApiProblem } from './ApiProblem.ts';

/**
 * Options of {@link ProblemMiddleware}.
 *
 * @category Problems
 */
export interface ProblemMiddlewareOptions {
  /** Put the message and stack of unexpected errors into the 500 problem. Never in production. */
  debug?: boolean | undefined;
  /** Where unexpected errors are reported; one line on stderr by default. */
  onError?: ErrorLogger | undefined;
}

/**
 * Error middleware that answers every error as an API Problem. Pipe it at the error end
 * of the pipeline, e.g. `app.pipe('/', new ProblemMiddleware(), { priority: -100 })`.
 *
 * A thrown {@link ApiProblem} renders as itself; the router's 405 becomes a problem that
 * keeps its `Allow` header; any other {@link HttpError} keeps its status; anything else is
 * a 500 whose detail says nothing about the server, unless `debug` is set: then it shows
 * the error's message and `stack`, and `causes`, the chain of its `cause`s.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.get('/boom', () => {
 *   // a 500 problem that does not say so:
 *   throw new Error('database password is wrong');
 * });
 * const debug = process.env.DEBUG === '1';
 * app.pipe('/', new ProblemMiddleware({ debug }), { priority: -100 });
 * ```
 *
 * @see The REST guide: [API Problem](../../../docs/rest.md#api-problem)
 * @category Problems
 */
export class ProblemMiddleware implements ErrorMiddlewareInterface {
  readonly #debug: boolean;
  readonly #onError: ErrorLogger;

  /**
   * Creates the middleware.
   */
  constructor(options: ProblemMiddlewareOptions = {}) {
    this.#debug = options.debug === true;
    this.#onError = options.onError ?? logToStderr;
  }

  /**
   * Renders the error as a problem.
   *
   * @param _response - the response prototype (the pipeline carries its headers)
   * @param _next - the rest of the error pipeline, never called
   */
  processError(
    error: unknown,
    request: ServerRequest,
    _response: ResponsePrototype,
    _next: Next,
  ): Response {
    // Headers outer middleware set on the prototype are the pipeline's to carry.
    return this.toProblem(error, request).toResponse();
  }

  /**
   * The problem for an error, reporting unexpected ones.
   *
   * @param request - the request that failed, for the report and the 405's detail
   */
  toProblem(error: unknown, request: ServerRequest): ApiProblem {
    if (error instanceof ApiProblem) return error;
    if (error instanceof MethodNotAllowedError) {
      return new ApiProblem(
        405,
        `The ${request.method} method is not allowed here; use ${error.allowedMethods.join(', ')}`,
        {
          headers: error.headers,
        },
      );
    }
    if (error instanceof HttpError && error.status < 500) {
      return new ApiProblem(error.status, error.message, { headers: error.headers, cause: error });
    }
    this.#onError(error, request);
    const status = error instanceof HttpError ? error.status : 500;
    if (!this.#debug || !(error instanceof Error)) {
      return new ApiProblem(status, 'The server could not complete the request', { cause: error });
    }
    const causes = causesOf(error);
    return new ApiProblem(status, error.message, {
      extensions: { stack: error.stack?.split('\n'), ...(causes.length > 0 ? { causes } : {}) },
      cause: error,
    });
  }
}

/**
 * The errors behind an error, nearest first, each with its message and stack: what
 * zf-api-problem's `exception_stack` shows of the previous exceptions. A chain that loops
 * ends where it would repeat.
 */
function causesOf(error: Error): { message: string; stack?: string[] }[] {
  const causes: { message: string; stack?: string[] }[] = [];
  const seen = new Set<unknown>([error]);
  for (let cause = error.cause; cause !== undefined && !seen.has(cause); ) {
    seen.add(cause);
    causes.push(
      cause instanceof Error
        ? { message: cause.message, ...(cause.stack ? { stack: cause.stack.split('\n') } : {}) }
        : { message: String(cause) },
    );
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return causes;
}
