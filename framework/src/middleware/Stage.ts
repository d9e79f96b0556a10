import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import type { Next } from './Middleware.ts';

/**
 * One step of a pipeline: any accepted form of middleware, reduced to one shape so that
 * the pipeline asks no questions about it per request.
 */
export interface Stage {
  /** Whether it runs while the pipeline handles an error (error middleware) or otherwise. */
  readonly handlesErrors: boolean;
  /** A name for messages: the function's or the service's name. */
  readonly name: string;
  /** Runs it; normal middleware ignores `error`. */
  run(
    error: unknown,
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Response | Promise<Response>;
}
