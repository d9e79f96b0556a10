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
import { matchesPrefix, normalizePrefix, stripPrefix } from './pathPrefix.ts';
import type { Stage } from './Stage.ts';
import { toStage } from './toStage.ts';

/** Where and when a piece of middleware runs in a pipeline. */
export interface PipeOptions {
  /** A literal path prefix; the middleware runs only for paths under it and sees them without it. */
  path?: string | undefined;
  /** Higher runs earlier; default 1; negative values run last; a non-integer counts as 1. */
  priority?: number | undefined;
  /** Marks the middleware as error middleware whatever its shape says. */
  error?: boolean | undefined;
}

/** What happens when a pipeline runs out of middleware: the final handler, or an outer `next`. */
export interface PipeEnd {
  /** No middleware answered the request. */
  next(request: ServerRequest, response: ResponsePrototype): Promise<Response>;
  /** No error middleware recovered from `error`. */
  fail(error: unknown, request: ServerRequest, response: ResponsePrototype): Promise<Response>;
}

interface Entry {
  readonly stage: Stage;
  readonly prefix: string;
  readonly priority: number;
}

/** The error, if any, that escaped the layers below a middleware through its `next()`. */
interface Escaped {
  error: unknown;
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
 */
export class MiddlewarePipe implements MiddlewareInterface, ErrorMiddlewareInterface {
  readonly #container: Container | undefined;
  readonly #entries: Entry[] = [];

  /**
   * Creates the MiddlewarePipe.
   * @param container - where middleware given by service name is looked up
   */
  constructor(container?: Container) {
    this.#container = container;
  }

  /** Adds middleware. Entries of equal priority keep the order they were added in. */
  pipe(middleware: Middleware, options?: PipeOptions): this;
  pipe(middleware: ErrorMiddlewareFunction, options?: PipeOptions): this;
  pipe(middleware: AnyMiddleware, options?: PipeOptions): this;
  pipe(middleware: AnyMiddleware, options: PipeOptions = {}): this {
    const stage = toStage(middleware, { container: this.#container, error: options.error });
    const priority = Number.isInteger(options.priority) ? (options.priority as number) : 1;
    const entry: Entry = { stage, prefix: normalizePrefix(options.path), priority };
    // Insert after every entry of the same or higher priority: a stable priority queue.
    const before = this.#entries.findIndex((existing) => existing.priority < priority);
    this.#entries.splice(before === -1 ? this.#entries.length : before, 0, entry);
    return this;
  }

  /** Runs the pipeline as middleware of an outer pipeline; an unhandled error goes to the outer one. */
  process(request: ServerRequest, response: ResponsePrototype, next: Next): Promise<Response> {
    return this.dispatch(request, response, passOn(next));
  }

  /** Runs the pipeline's error middleware for an error raised in an outer pipeline. */
  processError(
    error: unknown,
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Promise<Response> {
    return this.#step(0, request, response, error, passOn(next));
  }

  /** Runs the pipeline and hands an exhausted walk to `end`. */
  dispatch(request: ServerRequest, response: ResponsePrototype, end: PipeEnd): Promise<Response> {
    return this.#step(0, request, response, NO_ERROR, end);
  }

  async #step(
    from: number,
    request: ServerRequest,
    response: ResponsePrototype,
    error: unknown,
    end: PipeEnd,
  ): Promise<Response> {
    const index = this.#nextIndex(from, request.path, error !== NO_ERROR);
    const entry = this.#entries[index];
    if (entry === undefined) {
      return error === NO_ERROR ? end.next(request, response) : end.fail(error, request, response);
    }
    const { stage, prefix } = entry;
    const inner = prefix
      ? request.withPath(
          stripPrefix(request.path, prefix),
          request.basePath + request.path.slice(0, prefix.length),
        )
      : request;
    const escaped: Escaped = { error: NO_ERROR };
    const next = this.#next(index + 1, request, inner, response, error, end, escaped, prefix);
    try {
      const answer = assertResponse(await stage.run(error, inner, response, next), stage);
      // Headers set on the prototype count, even when the answer was built without it.
      return response.carryOnto(answer);
    } catch (thrown) {
      // An error coming back out of next() has already met the error middleware below;
      // walking them again would run each twice.
      if (thrown === escaped.error) throw thrown;
      return response.carryOnto(await this.#step(index + 1, request, response, thrown, end));
    }
  }

  /**
   * The `next` handed to a middleware: it continues the walk at `from`, and records an
   * error that escapes the layers below. (Built by a method rather than inline, because a
   * named closure created per request costs a microsecond under tsx, which names it.)
   */
  #next(
    from: number,
    request: ServerRequest,
    inner: ServerRequest,
    response: ResponsePrototype,
    error: unknown,
    end: PipeEnd,
    escaped: Escaped,
    prefix: string,
  ): Next {
    return async (nextRequest = inner, nextResponse = response) => {
      // Later layers see the path again as this layer received it.
      const restored = prefix ? nextRequest.withPath(request.path, request.basePath) : nextRequest;
      try {
        return await this.#step(from, restored, nextResponse, error, end);
      } catch (thrown) {
        escaped.error = thrown;
        throw thrown;
      }
    };
  }

  #nextIndex(from: number, path: string, handlingError: boolean): number {
    for (let index = from; index < this.#entries.length; index++) {
      const entry = this.#entries[index] as Entry;
      if (entry.stage.handlesErrors === handlingError && matchesPrefix(path, entry.prefix))
        return index;
    }
    return -1;
  }
}

/** An end that continues in the outer pipeline: `next` for requests, a rethrow for errors. */
function passOn(next: Next): PipeEnd {
  return {
    next: (request, response) => next(request, response),
    fail: (error) => Promise.reject(error),
  };
}

function assertResponse(result: unknown, stage: Stage): Response {
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
