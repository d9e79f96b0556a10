import { type ErrorLogger, logToStderr } from '../application/FinalHandler.ts';
import { HttpError, MethodNotAllowedError } from '../http/HttpError.ts';
import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import type {
  ErrorMiddlewareInterface,
  MiddlewareInterface,
  Next,
} from '../middleware/Middleware.ts';
import { negotiateMediaType } from '../negotiation/mediaType.ts';
import { ApiProblem, PROBLEM_MEDIA_TYPE } from './ApiProblem.ts';

/** Options of {@link ProblemMiddleware}. */
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
 * a 500 whose detail says nothing about the server, unless `debug` is set.
 */
export class ProblemMiddleware implements ErrorMiddlewareInterface {
  readonly #debug: boolean;
  readonly #onError: ErrorLogger;

  /**
   * Creates the middleware.
   *
   * @param options - debug output and error reporting
   */
  constructor(options: ProblemMiddlewareOptions = {}) {
    this.#debug = options.debug === true;
    this.#onError = options.onError ?? logToStderr;
  }

  /** Renders the error as a problem. */
  processError(
    error: unknown,
    request: ServerRequest,
    response: ResponsePrototype,
    _next: Next,
  ): Response {
    return this.toProblem(error, request).toResponse(carriedHeaders(response));
  }

  /** The problem for an error, reporting unexpected ones. */
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
    return new ApiProblem(status, error.message, {
      extensions: { stack: error.stack?.split('\n') },
      cause: error,
    });
  }
}

/**
 * The final 404 as a problem, for clients that accept JSON. Pipe it last among the normal
 * middleware (a low priority): it runs only when nothing answered the request. A client
 * accepts JSON when its `Accept` names a JSON type, or takes a problem document over plain
 * text (`*\/*`, or no `Accept` at all); `text/plain` or `text/html` alone get the final
 * handler's plain-text 404.
 */
export class NotFoundProblemMiddleware implements MiddlewareInterface {
  /** Answers 404 as a problem, or passes on. */
  process(
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Promise<Response> | Response {
    if (!acceptsJson(request.headers.get('accept'))) return next();
    const path = request.basePath + request.path;
    return new ApiProblem(404, `Nothing is found at ${path}`).toResponse(carriedHeaders(response));
  }
}

/** Headers outer middleware put on the prototype, minus a content type meant for another body. */
function carriedHeaders(response: ResponsePrototype): { headers?: HeadersInit } {
  if (!response.hasHeaders) return {};
  const headers = new Headers(response.headers);
  headers.delete('content-type');
  return { headers };
}

function acceptsJson(accept: string | null): boolean {
  if (accept !== null && /json/i.test(accept)) return true;
  return negotiateMediaType(accept, [PROBLEM_MEDIA_TYPE, 'text/plain']) === PROBLEM_MEDIA_TYPE;
}
