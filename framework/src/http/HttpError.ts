import { STATUS_CODES } from 'node:http';

/**
 * Options of an {@link HttpError}.
 *
 * @category HTTP
 */
export interface HttpErrorOptions {
  /** Headers the error response must carry, such as `Allow` on a 405. */
  headers?: Readonly<Record<string, string>>;
  /** The error that caused this one. */
  cause?: unknown;
}

/**
 * An error that knows its HTTP status. Throw it from middleware: error middleware
 * receives it, and the final handler answers with its status and headers.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.get('/teapot', () => {
 *   throw new HttpError(418, "I'm a teapot", {
 *     headers: { 'Retry-After': '60' },
 *   });
 * });
 * ```
 *
 * @category HTTP
 */
export class HttpError extends Error {
  /** The HTTP status code, 400–599. */
  readonly status: number;
  /** Headers the error response carries. */
  readonly headers: Readonly<Record<string, string>>;

  /**
   * Creates the HttpError.
   *
   * @param message - what went wrong; the status's reason phrase by default
   */
  constructor(status: number, message = reasonPhrase(status), options: HttpErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'HttpError';
    this.status = status;
    this.headers = options.headers ?? {};
  }
}

/**
 * The router's answer when the path matched a route but the method did not: status 405
 * with an `Allow` header listing the methods that would have matched (comma-joined).
 *
 * @example
 * ```ts
 * const error = new MethodNotAllowedError(['GET', 'POST']);
 * error.headers; // { Allow: 'GET,POST' }
 * ```
 *
 * @category HTTP
 */
export class MethodNotAllowedError extends HttpError {
  /** The methods the matched path allows. */
  readonly allowedMethods: readonly string[];

  /**
   * Creates the HttpError.
   */
  constructor(allowedMethods: readonly string[]) {
    super(405, reasonPhrase(405), { headers: { Allow: allowedMethods.join(',') } });
    this.name = 'MethodNotAllowedError';
    this.allowedMethods = allowedMethods;
  }
}

/**
 * The reason phrase of an HTTP status code, such as `Not Found` for 404; `Unknown` for a
 * code HTTP names no phrase for, as zf-api-problem titles it.
 *
 * @example
 * ```ts
 * reasonPhrase(404); // 'Not Found'
 * ```
 *
 * @category HTTP
 */
export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Unknown';
}
