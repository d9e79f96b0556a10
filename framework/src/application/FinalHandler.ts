import { type ErrorLogger, logToStderr } from '../http/ErrorLogger.ts';
import { HttpError, reasonPhrase } from '../http/HttpError.ts';
import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import { text } from '../http/responses.ts';
import { pathOf, type ServerRequest } from '../http/ServerRequest.ts';
import type { PipeEnd } from '../middleware/MiddlewarePipe.ts';
import { ApiProblem } from '../problem/ApiProblem.ts';

/**
 * Options of the {@link FinalHandler}, which an application takes from its
 * {@link ApplicationOptions}.
 * @category Application
 */
export interface FinalHandlerOptions {
  /** Show the error's message and stack in 500 answers. Never in production. */
  debug?: boolean | undefined;
  /** Where unhandled server errors are reported; one line on stderr by default. */
  onError?: ErrorLogger | undefined;
}

/**
 * Where a top-level pipeline ends. A request nobody answered gets 404; an error nobody
 * recovered from gets its own status if it is an {@link HttpError} (a 405 keeps its
 * `Allow` header), or 500 without details. An {@link ApiProblem} is answered as the problem
 * it is, whatever its status: its detail was written for the client (a 5xx one is reported
 * to `onError` too); a server {@link HttpError}'s message was not, and is hidden. Headers outer middleware put on the response
 * prototype, such as CORS headers, reach both: the pipeline carries them.
 *
 * Applications do not build one: `hyperpipe` does not export it. Each {@link Application}
 * ends its pipeline in one, made from its `debug` and `onError` options. An API that
 * answers with problems pipes {@link ProblemMiddleware} and {@link NotFoundProblemMiddleware}
 * last, and they answer before the final handler would.
 *
 * @see The framework guide: [how a request flows](../../../docs/framework.md#how-a-request-flows)
 * @category Application
 */
export class FinalHandler implements PipeEnd {
  readonly #debug: boolean;
  readonly #onError: ErrorLogger;

  /**
   * Creates the FinalHandler.
   */
  constructor(options: FinalHandlerOptions = {}) {
    this.#debug = options.debug === true;
    this.#onError = options.onError ?? logToStderr;
  }

  /**
   * Answers 404: no middleware answered the request.
   * @param _response - the response prototype; its headers reach the 404 through the pipeline
   */
  async next(request: ServerRequest, _response: ResponsePrototype): Promise<Response> {
    // The path the client sent: versioning or a mounted prefix may have changed the one routed.
    const path = pathOf(request.request.url);
    return text(`Cannot ${request.method} ${path}`, { status: 404 });
  }

  /**
   * Answers with the error's status, or 500, and reports a server error to `onError`.
   * @param error - what no error middleware recovered from
   * @param _response - the response prototype; its headers reach the answer through the pipeline
   */
  async fail(
    error: unknown,
    request: ServerRequest,
    _response: ResponsePrototype,
  ): Promise<Response> {
    // A problem is a document written for the client, whatever its status, with or without
    // the problem middleware: a 503 keeps its detail, type and Retry-After, as a 409 does.
    if (error instanceof ApiProblem) {
      if (error.status >= 500) this.#onError(error, request);
      return error.toResponse();
    }
    if (error instanceof HttpError && error.status < 500)
      return text(error.message, { status: error.status, headers: error.headers });
    this.#onError(error, request);
    const status = error instanceof HttpError ? error.status : 500;
    // The reason phrase of the status sent (a 503 must not say "Internal Server Error").
    const body =
      this.#debug && error instanceof Error ? (error.stack ?? error.message) : reasonPhrase(status);
    return text(body, { status, headers: error instanceof HttpError ? error.headers : {} });
  }
}
