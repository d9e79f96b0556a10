import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import type { ErrorMiddlewareInterface, MiddlewareInterface, Next, Stage } from './Middleware.ts';
import {
  PIPELINE_TRACE,
  type PipelineEntry,
  type PipelineRecorder,
  type WalkRecorder,
} from './PipelineRecorder.ts';
import { NO_ERROR, type PipeEnd, Walk } from './Walk.ts';

export type { PipeEnd, PipelineEntry, PipelineRecorder, Stage, WalkRecorder };

/**
 * A priority-ordered queue of middleware, in the manner of Stratigility.
 *
 * A request walks the queue from the front (`Walk.ts`). Each middleware answers, or
 * calls `next()`, once, to hand the request on. When one throws (or its promise rejects),
 * the walk switches to the error middleware after it; the first that returns a response
 * recovers, the others pass the error on. A pipeline is itself middleware, which is how
 * lists of middleware nest.
 *
 * It takes stages only: the shapes middleware may take, lists and path prefixes are turned
 * into stages one layer up (`Stage.ts`, `PathPrefix.ts`). Applications do not build one:
 * `hyperpipe` does not export it. Each {@link Application} holds one, which
 * {@link Application.pipe} fills and {@link Application.handle} runs, ending in the
 * {@link FinalHandler}.
 *
 * @see The framework guide: [the pipeline](../../../docs/framework.md#the-pipeline) and
 * [how a request flows](../../../docs/framework.md#how-a-request-flows)
 * @category Pipeline
 */
export class MiddlewarePipe implements MiddlewareInterface, ErrorMiddlewareInterface {
  readonly #entries: PipelineEntry[] = [];

  /**
   * Adds a stage. Entries of equal priority keep the order they were added in.
   * @param priority - higher runs earlier; default 1; negative values run last; a
   *   non-integer counts as 1
   */
  pipe(stage: Stage, priority?: number): this {
    const rank = Number.isInteger(priority) ? (priority as number) : 1;
    // Insert after every entry of the same or higher priority: a stable priority queue.
    const before = this.#entries.findIndex((entry) => entry.priority < rank);
    this.#entries.splice(before === -1 ? this.#entries.length : before, 0, {
      stage,
      priority: rank,
    });
    return this;
  }

  /**
   * Runs the pipeline as middleware of an outer pipeline; an unhandled error goes to the outer one.
   * @param request - the request, its path relative to where the pipeline is mounted
   * @param next - the rest of the outer pipeline
   */
  process(request: ServerRequest, response: ResponsePrototype, next: Next): Promise<Response> {
    return this.#nested(next, request).from(0, request, response, NO_ERROR);
  }

  /**
   * Runs the pipeline's error middleware for an error raised in an outer pipeline.
   * @param error - what the outer pipeline's middleware threw
   * @param next - the rest of the outer pipeline
   */
  processError(
    error: unknown,
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Promise<Response> {
    return this.#nested(next, request).from(0, request, response, error);
  }

  /**
   * Runs the pipeline and hands an exhausted walk to `end`; records into `trace`, if given.
   * @param response - a fresh response prototype
   * @param end - what answers when no middleware does, or no error middleware recovers
   * @param trace - where each entry's part is recorded, when the application traces
   */
  dispatch(
    request: ServerRequest,
    response: ResponsePrototype,
    end: PipeEnd,
    trace?: PipelineRecorder,
  ): Promise<Response> {
    return new Walk(this.#entries, end, trace?.walk()).from(0, request, response, NO_ERROR);
  }

  /**
   * The walk of a pipeline nested in an outer one: it ends in the outer `next` for requests
   * and rethrows errors, and is traced in the trace the request carries, if any.
   */
  #nested(next: Next, request: ServerRequest): Walk {
    const end: PipeEnd = { next, fail: (error) => Promise.reject(error) };
    return new Walk(this.#entries, end, request.getAttribute(PIPELINE_TRACE)?.walk());
  }
}
