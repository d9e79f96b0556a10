import type { Container } from '../container/Container.ts';
import { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import type {
  AnyMiddleware,
  ErrorMiddlewareFunction,
  ErrorMiddlewareInterface,
  Middleware,
  MiddlewareInterface,
  Next,
} from './Middleware.ts';
import { PIPELINE_TRACE, type PipelineTrace, type TraceWalk } from './PipelineTrace.ts';
import { type Stage, toStage } from './Stage.ts';

/**
 * Where and when a piece of middleware runs in a {@link MiddlewarePipe}.
 * @category Pipeline
 */
export interface PipeOptions {
  /** A literal path prefix; the middleware runs only for paths under it and sees them without it. */
  path?: string | undefined;
  /** Higher runs earlier; default 1; negative values run last; a non-integer counts as 1. */
  priority?: number | undefined;
  /** Marks the middleware as error middleware whatever its shape says. */
  error?: boolean | undefined;
}

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
   * @param request - the request it was thrown for
   * @param response - the response prototype
   */
  fail(error: unknown, request: ServerRequest, response: ResponsePrototype): Promise<Response>;
}

/** @internal A stage with its place in the pipeline. */
export interface PipelineEntry {
  readonly stage: Stage;
  readonly prefix: string;
  readonly priority: number;
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
 * Applications do not build one: `hyperpipe` does not export it. Each {@link Application}
 * holds one, which {@link Application.pipe} fills and {@link Application.handle} runs,
 * ending in the {@link FinalHandler}.
 *
 * @see The framework guide: [the pipeline](../../../docs/framework.md#the-pipeline) and
 * [how a request flows](../../../docs/framework.md#how-a-request-flows)
 * @category Pipeline
 */
export class MiddlewarePipe implements MiddlewareInterface, ErrorMiddlewareInterface {
  readonly #container: Container | undefined;
  readonly #entries: PipelineEntry[] = [];

  /**
   * Creates the MiddlewarePipe.
   * @param container - where middleware given by service name is looked up
   */
  constructor(container?: Container) {
    this.#container = container;
  }

  /**
   * Adds middleware. Entries of equal priority keep the order they were added in.
   * @param middleware - a function, an object with `process`, a service name, a pipeline
   *   or an application, or a list of these
   * @param options - the path prefix, the priority, and whether it handles errors
   */
  pipe(middleware: Middleware, options?: PipeOptions): this;
  pipe(middleware: ErrorMiddlewareFunction, options?: PipeOptions): this;
  pipe(middleware: AnyMiddleware, options?: PipeOptions): this;
  pipe(middleware: AnyMiddleware, options: PipeOptions = {}): this {
    const stages = stagesOf(middleware, this.#container, options.error === true);
    const prefix = normalizePrefix(options.path);
    const priority = Number.isInteger(options.priority) ? (options.priority as number) : 1;
    // Insert after every entry of the same or higher priority: a stable priority queue.
    const before = this.#entries.findIndex((entry) => entry.priority < priority);
    const entries = stages.map((stage) => ({ stage, prefix, priority }));
    this.#entries.splice(before === -1 ? this.#entries.length : before, 0, ...entries);
    return this;
  }

  /**
   * Runs the pipeline as middleware of an outer pipeline; an unhandled error goes to the outer one.
   * @param request - the request, its path relative to where the pipeline is mounted
   * @param response - the response prototype
   * @param next - the rest of the outer pipeline
   */
  process(request: ServerRequest, response: ResponsePrototype, next: Next): Promise<Response> {
    return this.#walk(0, request, response, NO_ERROR, new Walk(passOn(next), nestedTrace(request)));
  }

  /**
   * Runs the pipeline's error middleware for an error raised in an outer pipeline.
   * @param error - what the outer pipeline's middleware threw
   * @param request - the request it was thrown for
   * @param response - the response prototype
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
   * @param request - the client's request
   * @param response - a fresh response prototype
   * @param end - what answers when no middleware does, or no error middleware recovers
   * @param trace - where each entry's part is recorded, when the application traces
   */
  dispatch(
    request: ServerRequest,
    response: ResponsePrototype,
    end: PipeEnd,
    trace?: PipelineTrace,
  ): Promise<Response> {
    return this.#walk(0, request, response, NO_ERROR, new Walk(end, trace?.walk()));
  }

  /**
   * Runs the first entry from `from` on that fits the request's path and the walk's mode
   * (normal, or handling `error`), handing it a `next` that continues after it.
   */
  async #walk(
    from: number,
    request: ServerRequest,
    response: ResponsePrototype,
    error: unknown,
    walk: Walk,
  ): Promise<Response> {
    const index = this.#find(from, request.path, error !== NO_ERROR);
    if (index === -1) return walk.finish(error, request, response);
    const entry = this.#entries[index] as PipelineEntry;
    const { stage, prefix } = entry;
    const inner = prefix ? withoutPrefix(request, prefix) : request;
    try {
      const answer = await walk.run(entry, error, inner, response, (nextRequest, nextResponse) =>
        this.#walk(
          index + 1,
          // Later layers see the path again as this layer received it.
          prefix && nextRequest
            ? nextRequest.withPath(request.path, request.basePath)
            : (nextRequest ?? request),
          nextResponse ?? response,
          error,
          walk,
        ),
      );
      // Whatever escaped below was recovered from: a later throw of the same value is new.
      walk.escaped = NO_ERROR;
      // Headers set on the prototype count, even when the answer was built without it.
      return response.carryOnto(checked(answer, stage));
    } catch (thrown) {
      // An error coming back out of next() has already met the error middleware below;
      // walking them again would run each twice.
      if (thrown === walk.escaped) throw thrown;
      return response.carryOnto(await this.#walk(index + 1, request, response, thrown, walk));
    }
  }

  #find(from: number, path: string, handlingError: boolean): number {
    for (let index = from; index < this.#entries.length; index++) {
      const { stage, prefix } = this.#entries[index] as PipelineEntry;
      if (stage.handlesErrors === handlingError && matchesPrefix(path, prefix)) return index;
    }
    return -1;
  }
}

/**
 * One request's walk through a pipeline: where it ends, and the error that last left the
 * end unhandled, which every stage it passes back through must let by until one answers.
 */
class Walk {
  readonly #end: PipeEnd;
  /** Where the walk records what each stage did, when the application traces. */
  readonly #trace: TraceWalk | undefined;
  escaped: unknown = NO_ERROR;

  constructor(end: PipeEnd, trace: TraceWalk | undefined) {
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
  async finish(
    error: unknown,
    request: ServerRequest,
    response: ResponsePrototype,
  ): Promise<Response> {
    try {
      return error === NO_ERROR
        ? await this.#end.next(request, response)
        : await this.#end.fail(error, request, response);
    } catch (thrown) {
      this.escaped = thrown;
      throw thrown;
    }
  }
}

/**
 * The stages of a pipeline entry. A list joins item by item, each with the entry's options:
 * the order and the error handling of a nested pipeline, without its extra stage on every
 * request. Every item is checked before any joins.
 */
function stagesOf(
  middleware: AnyMiddleware,
  container: Container | undefined,
  error: boolean,
): Stage[] {
  if (!Array.isArray(middleware)) return [toStage(middleware, container, error)];
  return middleware.flatMap((item) => stagesOf(item, container, error));
}

/** The walk of a nested pipeline or mounted application, in the trace the request carries, if any. */
function nestedTrace(request: ServerRequest): TraceWalk | undefined {
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

/*
 * Path prefixes are literal and matched as Stratigility matches them: by whole segments,
 * case-insensitively. `/api` matches `/api`, `/api/`, `/api/x` and `/api.json`, not `/apiary`.
 */

/** A prefix without its trailing slash; `''` for "every path" (`/` or nothing). */
function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/\/+$/, '');
  if (trimmed !== '' && (!trimmed.startsWith('/') || /[{}]/.test(trimmed))) {
    throw new Error(`Pipeline path "${prefix}" must be a literal path starting with "/"`);
  }
  return trimmed;
}

function matchesPrefix(path: string, prefix: string): boolean {
  if (prefix === '') return true;
  if (path.slice(0, prefix.length).toLowerCase() !== prefix.toLowerCase()) return false;
  const boundary = path[prefix.length];
  return boundary === undefined || boundary === '/' || boundary === '.';
}

/** The request as the prefixed middleware sees it: the prefix moved to `basePath`. */
function withoutPrefix(request: ServerRequest, prefix: string): ServerRequest {
  const rest = request.path.slice(prefix.length);
  return request.withPath(
    rest.startsWith('/') ? rest : `/${rest}`,
    request.basePath + request.path.slice(0, prefix.length),
  );
}
