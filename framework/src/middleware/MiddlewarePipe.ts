import { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import type { ErrorMiddlewareInterface, MiddlewareInterface, Next, Stage } from './Middleware.ts';
import {
  PIPELINE_TRACE,
  type PipelineEntry,
  type PipelineRecorder,
  type WalkRecorder,
} from './PipelineRecorder.ts';

export type { PipelineEntry, PipelineRecorder, Stage, WalkRecorder };

/**
 * What happens when a pipeline runs out of middleware: the {@link FinalHandler}, or an
 * outer pipeline's `next`.
 * @category Pipeline
 */
export interface PipeEnd {
  /**
   * No middleware answered the request.
   * @param request - the request as the pipeline's last middleware passed it on
   * @param response - the response prototype as the last middleware passed it on
   */
  next(request: ServerRequest, response: ResponsePrototype): Promise<Response>;
  /**
   * No error middleware recovered from `error`.
   * @param error - what was thrown, or what a promise rejected with
   */
  fail(error: unknown, request: ServerRequest, response: ResponsePrototype): Promise<Response>;
}

/** Marks "the pipeline is not handling an error"; any thrown value, even `undefined`, is an error. */
const NO_ERROR = Symbol('no error');

/**
 * A priority-ordered queue of middleware, in the manner of Stratigility.
 *
 * A request walks the queue from the front. Each middleware answers, or calls `next()` to
 * hand the request on. When one throws (or its promise rejects), the walk switches to the
 * error middleware after it; the first that returns a response recovers, the others pass
 * the error on. A pipeline is itself middleware, which is how lists of middleware nest.
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
    return this.#walk(0, request, response, NO_ERROR, new Walk(passOn(next), nestedTrace(request)));
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
    return this.#walk(0, request, response, error, new Walk(passOn(next), nestedTrace(request)));
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
    return this.#walk(0, request, response, NO_ERROR, new Walk(end, trace?.walk()));
  }

  /**
   * Runs the first entry from `from` on that fits the walk's mode (normal, or handling
   * `error`), handing it a `next` that continues after it. A stage answers for what it
   * throws itself: the error middleware after it get that error. What comes back out of
   * its `next()` was thrown further on and has met the error middleware after the thrower
   * already, so it passes on untouched.
   */
  async #walk(
    from: number,
    request: ServerRequest,
    response: ResponsePrototype,
    error: unknown,
    walk: Walk,
  ): Promise<Response> {
    const index = this.#find(from, error !== NO_ERROR);
    if (index === -1) return walk.finish(error, request, response);
    const entry = this.#entries[index] as PipelineEntry;
    let below: Promise<Response> | undefined;
    try {
      // The stage's next() is inline: tsx (esbuild's keepNames) would wrap a named closure in
      // __name(), a defineProperty per stage per request.
      const answer = await walk.run(
        entry,
        error,
        request,
        response,
        (req = request, res = response) => {
          below = this.#walk(index + 1, req, res, error, walk);
          return below;
        },
      );
      // Headers set on the prototype count, even when the answer was built without it.
      return response.carryOnto(checked(answer, entry.stage));
    } catch (thrown) {
      if (below !== undefined && (await rejectedWith(below, thrown))) throw thrown;
      return response.carryOnto(await this.#walk(index + 1, request, response, thrown, walk));
    }
  }

  #find(from: number, handlingError: boolean): number {
    for (let index = from; index < this.#entries.length; index++) {
      if ((this.#entries[index] as PipelineEntry).stage.handlesErrors === handlingError) {
        return index;
      }
    }
    return -1;
  }
}

/** One request's walk through a pipeline: where it ends, and where it is traced, if it is. */
class Walk {
  readonly #end: PipeEnd;
  readonly #trace: WalkRecorder | undefined;

  constructor(end: PipeEnd, trace: WalkRecorder | undefined) {
    this.#end = end;
    this.#trace = trace;
  }

  /** Runs a stage; traced, inside a record of what it did. Off, tracing costs this one check. */
  run(
    entry: PipelineEntry,
    error: unknown,
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Response | Promise<Response> {
    return this.#trace
      ? this.#trace.run(entry, error, request, response, next)
      : entry.stage.run(error, request, response, next);
  }

  /** Hands the request, or the error no error middleware recovered from, to the end. */
  finish(error: unknown, request: ServerRequest, response: ResponsePrototype): Promise<Response> {
    return error === NO_ERROR
      ? this.#end.next(request, response)
      : this.#end.fail(error, request, response);
  }
}

/** Whether `promise` rejects with `value`; settled already when the stage awaited it. */
function rejectedWith(promise: Promise<unknown>, value: unknown): Promise<boolean> {
  return promise.then(
    () => false,
    (reason) => reason === value,
  );
}

/** The walk of a nested pipeline or mounted application, in the trace the request carries, if any. */
function nestedTrace(request: ServerRequest): WalkRecorder | undefined {
  return request.getAttribute(PIPELINE_TRACE)?.walk();
}

/** An end that continues in the outer pipeline: `next` for requests, a rethrow for errors. */
function passOn(next: Next): PipeEnd {
  return {
    next: (request, response) => next(request, response),
    fail: (error) => Promise.reject(error),
  };
}

function checked(result: unknown, stage: Stage): Response {
  if (result instanceof ResponsePrototype) {
    throw new TypeError(
      `Middleware "${stage.name}" returned the response prototype; return response.toResponse() instead.`,
    );
  }
  // Duck-typed, because a server adapter may replace the global Response class with its own.
  if (typeof (result as Response | undefined)?.status !== 'number') {
    throw new TypeError(
      `Middleware "${stage.name}" returned ${String(result)} instead of a Response. Did it forget to return next()?`,
    );
  }
  return result as Response;
}
