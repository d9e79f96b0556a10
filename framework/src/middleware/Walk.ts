import { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import type { Next, Stage } from './Middleware.ts';
import type { PipelineEntry, WalkRecorder } from './PipelineRecorder.ts';

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
export const NO_ERROR: unique symbol = Symbol('no error');

/**
 * One request's walk through a pipeline's entries, as Stratigility's `Next`: each stage is
 * handed a `next()` that continues the walk after it, once. A second call rejects, naming
 * the stage, instead of running the rest of the pipeline and its end again.
 */
export class Walk {
  readonly #entries: readonly PipelineEntry[];
  readonly #end: PipeEnd;
  readonly #trace: WalkRecorder | undefined;

  /**
   * Creates the walk.
   * @param entries - the pipeline's entries, by priority
   * @param end - what answers when no middleware does, or no error middleware recovers
   * @param trace - where each entry's part is recorded, when the application traces
   */
  constructor(entries: readonly PipelineEntry[], end: PipeEnd, trace: WalkRecorder | undefined) {
    this.#entries = entries;
    this.#end = end;
    this.#trace = trace;
  }

  /**
   * Runs the first entry from `from` on that fits the walk's mode (normal, or handling
   * `error`). A stage answers for what it throws itself: the error middleware after it get
   * that error. What comes back out of its `next()` was thrown further on and has met the
   * error middleware after the thrower already, so it passes on untouched.
   */
  async from(
    from: number,
    request: ServerRequest,
    response: ResponsePrototype,
    error: unknown,
  ): Promise<Response> {
    const index = this.#find(from, error !== NO_ERROR);
    if (index === -1) return this.#finish(error, request, response);
    const entry = this.#entries[index] as PipelineEntry;
    let below: Promise<Response> | undefined;
    try {
      // The stage's next() is inline: tsx (esbuild's keepNames) would wrap a named closure in
      // __name(), a defineProperty per stage per request.
      const answer = await this.#run(entry, error, request, response, (req, res) => {
        if (below !== undefined) return Promise.reject(calledTwice(entry.stage));
        below = this.from(index + 1, req ?? request, res ?? response, error);
        return below;
      });
      // Headers set on the prototype count, even when the answer was built without it.
      return response.carryOnto(checked(answer, entry.stage));
    } catch (thrown) {
      if (below !== undefined && (await rejectedWith(below, thrown))) throw thrown;
      return response.carryOnto(await this.from(index + 1, request, response, thrown));
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

  /** Runs a stage; traced, inside a record of what it did. Off, tracing costs this one check. */
  #run(
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
  #finish(error: unknown, request: ServerRequest, response: ResponsePrototype): Promise<Response> {
    return error === NO_ERROR
      ? this.#end.next(request, response)
      : this.#end.fail(error, request, response);
  }
}

function calledTwice(stage: Stage): Error {
  return new Error(
    `Middleware "${stage.name}" called next() a second time; the rest of the pipeline runs once ` +
      'a request. Return or await the first call’s response instead.',
  );
}

/** Whether `promise` rejects with `value`; settled already when the stage awaited it. */
function rejectedWith(promise: Promise<unknown>, value: unknown): Promise<boolean> {
  return promise.then(
    () => false,
    (reason) => reason === value,
  );
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
