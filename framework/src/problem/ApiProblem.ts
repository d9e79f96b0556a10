import { HttpError, reasonPhrase } from '../http/HttpError.ts';
import { statusType } from './statusType.ts';

/**
 * The media type of API Problem documents.
 *
 * @example
 * ```ts
 * const answer = new ApiProblem(404, 'No such speaker').toResponse();
 * answer.headers.get('content-type') === PROBLEM_MEDIA_TYPE; // true
 * ```
 *
 * @category Problems
 */
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/**
 * The optional parts of an {@link ApiProblem}.
 *
 * @category Problems
 */
export interface ApiProblemOptions {
  /** A URL naming the kind of problem; the status's definition by default. */
  type?: string;
  /** A short summary of the kind of problem; the status's reason phrase by default. */
  title?: string;
  /** More members of the document, such as `validation_messages`. */
  extensions?: Readonly<Record<string, unknown>>;
  /** Headers the answer must carry, such as `Allow` or `WWW-Authenticate`. */
  headers?: Readonly<Record<string, string>>;
  /** The error behind this problem; never shown to clients. */
  cause?: unknown;
}

/**
 * An API Problem (RFC 9457, once draft-nottingham-http-problem, as in Apigility's
 * zf-api-problem): what went wrong, as a document clients can read.
 *
 * Throw one from any middleware; the problem middleware renders it as
 * `application/problem+json` with its status. It is an {@link HttpError}, so without
 * the problem middleware the final handler still answers with the right status.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.get('/speaker', (request, response) => {
 *   const page = Number(request.query.get('page') ?? 1);
 *   if (page > 4) throw new ApiProblem(409, 'Invalid page provided');
 *   return json({ page }, response);
 * });
 * app.pipe('/', new ProblemMiddleware(), { priority: -100 });
 * ```
 *
 * @see The REST guide: [API Problem](../../../docs/rest.md#api-problem)
 * @category Problems
 */
export class ApiProblem extends HttpError {
  /** A URL naming the kind of problem. */
  readonly type: string;
  /** A short summary of the kind of problem. */
  readonly title: string;
  /** What went wrong this time. */
  readonly detail: string;
  /** More members of the document. */
  readonly extensions: Readonly<Record<string, unknown>>;

  /**
   * Creates a problem.
   *
   * @param status - the HTTP status, 200–599; any other number is a 500, as in zf-api-problem
   * @param detail - what went wrong this time, in words a client developer can act on
   */
  constructor(status: number, detail: string, options: ApiProblemOptions = {}) {
    super(answerable(status), detail, { headers: options.headers, cause: options.cause });
    this.name = 'ApiProblem';
    this.type = options.type ?? statusType(this.status);
    this.title = options.title ?? reasonPhrase(this.status);
    this.detail = detail;
    this.extensions = options.extensions ?? {};
  }

  /** The problem document: extensions first, so they can never overwrite the standard members. */
  toJSON(): Record<string, unknown> {
    return {
      ...this.extensions,
      type: this.type,
      title: this.title,
      status: this.status,
      detail: this.detail,
    };
  }

  /**
   * The problem as a response, keeping the headers of `init` (such as CORS headers).
   *
   * @param init - headers the response starts from; the problem's own headers win
   */
  toResponse(init: { headers?: ResponseInit['headers'] } = {}): Response {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers)) headers.set(name, value);
    headers.set('content-type', PROBLEM_MEDIA_TYPE);
    return new Response(JSON.stringify(this), { status: this.status, headers });
  }
}

/**
 * A status a problem can be answered with: an integer of 200–599 as it is, anything else
 * 500. zf-api-problem takes 100–599, but a 1xx is never a final answer, and `Response`
 * refuses one as it refuses 0 or 600; a socket server would send some of those as they are.
 */
function answerable(status: number): number {
  return Number.isInteger(status) && status >= 200 && status <= 599 ? status : 500;
}
