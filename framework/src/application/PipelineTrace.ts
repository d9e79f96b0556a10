import { MethodNotAllowedError } from '../http/HttpError.ts';
import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import type { Next } from '../middleware/Middleware.ts';
import { matchesPrefix } from '../middleware/PathPrefix.ts';
import type { PipelineEntry } from '../middleware/PipelineRecorder.ts';
import { ROUTE_RESULT, RouteResult } from '../router/RouteResult.ts';

/**
 * One pipeline entry that ran for a request, and what it did.
 * @category Pipeline
 */
export interface TraceEntry {
  /** The middleware's name: its function's, class's or service's. */
  readonly name: string;
  /** The entry's priority. */
  readonly priority: number;
  /** Its path prefix; `''` for every path. */
  readonly prefix: string;
  /** 0 in the application's own pipeline, 1 in a pipeline or application nested in it, … */
  readonly depth: number;
  /** Whether it ran as error middleware, on an error thrown before it. */
  readonly handlingError: boolean;
  /**
   * `answered`: returned a response of its own; `next`: handed on with `next()` and returned
   * what came back (error middleware: passed the error on, with `next()` or by throwing the
   * error it was given); `threw`; `running`: not finished.
   */
  did: 'answered' | 'next' | 'threw' | 'running';
  /** The status of the response it returned; `undefined` when it returned no response. */
  status?: number | undefined;
  /** What it threw. */
  thrown?: unknown;
  /**
   * Self time in milliseconds: the time it ran, without the time of the entries after it
   * (its `next()`) or nested in it. The wall clock, so awaited I/O counts.
   */
  selfMs: number;
}

/**
 * The way one request took through an application's pipeline: each entry that ran, in the
 * order it started, with what it did and its time; the route routing found; the entry whose
 * answer the client got. Applications record one when tracing is on (`trace` in
 * {@link ApplicationOptions}, or `HYPERPIPE_TRACE`).
 *
 * @example
 * ```ts
 * const app = createApplication({
 *   trace: (trace: PipelineTrace) =>
 *     console.log(trace.entries.map((entry) => `${entry.name}: ${entry.did}`)),
 * });
 * app.get('/ping', () => json({ ack: true }));
 * const answer = await app.handle(new Request('http://localhost/ping'));
 * // ['RoutingMiddleware: next', 'DispatchMiddleware: answered'], then the header:
 * console.log(answer.headers.get('server-timing'));
 * // 1-routing;dur=0.05;desc="RoutingMiddleware priority 1 -> next()", …
 * ```
 * @see The framework guide:
 * [the pipeline trace](../../../docs/framework.md#seeing-a-requests-way-through-the-pipeline)
 * @category Pipeline
 */
export class PipelineTrace {
  /** The request's method. */
  readonly method: string;
  /** The request's path, as the client sent it. */
  readonly path: string;
  /** The entries that ran, in the order they started; nested ones after their parent. */
  readonly entries: TraceEntry[] = [];
  /** What routing found (a 405 too); `undefined` when no routing ran. */
  route: RouteResult | undefined;
  /** The entry that produced the answer; `undefined` when the final handler did. */
  answeredBy: TraceEntry | undefined;
  /** The answer's status, once finished. */
  status = 0;
  /** Milliseconds from the start of the walk to the answer, once finished. */
  totalMs = 0;
  readonly #started = performance.now();
  #mark = this.#started;
  #running: TraceEntry | undefined;

  /**
   * Creates an empty trace.
   * @param path - the request's path as the client sent it, before prefixes or versioning
   *   change what the pipeline sees
   */
  constructor(method: string, path: string) {
    this.method = method;
    this.path = path;
  }

  /** @internal A walk through a pipeline: the top one, or one nested in the entry running now. */
  walk(): TraceWalk {
    return new TraceWalk(this, this.#running);
  }

  /** @internal Notes the answer's status; no entry records after this. */
  finish(status: number): void {
    this.switchTo(undefined);
    this.status = status;
    this.totalMs = performance.now() - this.#started;
  }

  /**
   * @internal Charges the time since the last switch to the entry that ran meanwhile, and
   * names the one that runs from now on. Self times come from these switches alone.
   */
  switchTo(entry: TraceEntry | undefined): void {
    const now = performance.now();
    if (this.#running) this.#running.selfMs += now - this.#mark;
    this.#mark = now;
    this.#running = entry;
  }

  /** @internal Remembers what routing found: a match or a 405 outranks an earlier "no route". */
  routed(result: RouteResult | undefined): void {
    if (result === undefined || result === this.route) return;
    if (this.route === undefined || !(this.route.isSuccess || this.route.isMethodFailure)) {
      this.route = result;
    }
  }
}

/** Stands for "next() did not fail". */
const NO_FAILURE = Symbol('no failure');

/**
 * One walk through one pipeline, recording into the request's {@link PipelineTrace}. The
 * pipeline runs each stage through {@link TraceWalk.run} when tracing is on, and calls the
 * stage directly when it is off: that one check is all tracing costs when off.
 */
export class TraceWalk {
  readonly #trace: PipelineTrace;
  readonly #parent: TraceEntry | undefined;
  readonly #depth: number;

  constructor(trace: PipelineTrace, parent: TraceEntry | undefined) {
    this.#trace = trace;
    this.#parent = parent;
    this.#depth = parent === undefined ? 0 : parent.depth + 1;
  }

  /** Runs a stage as the pipeline would, and records what it did and how long it took. */
  async run(
    { stage, priority }: PipelineEntry,
    error: unknown,
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Promise<Response> {
    // An entry piped under a prefix the path is not under does not run: left out, as unrun.
    if (stage.prefix !== undefined && !matchesPrefix(request.path, stage.prefix)) {
      return stage.run(error, request, response, next);
    }
    const entry: TraceEntry = {
      name: stage.name,
      priority,
      prefix: stage.prefix ?? '',
      depth: this.#depth,
      handlingError: stage.handlesErrors,
      did: 'running',
      selfMs: 0,
    };
    const trace = this.#trace;
    let fromNext: Response | undefined;
    let nextFailure: unknown = NO_FAILURE;
    const watched: Next = async (nextRequest, nextResponse) => {
      // Until next() settles, the entries after this one run; each switches the clock to itself.
      trace.switchTo(entry);
      if (nextRequest) trace.routed(nextRequest.getAttribute(ROUTE_RESULT));
      try {
        fromNext = await next(nextRequest, nextResponse);
        return fromNext;
      } catch (failure) {
        nextFailure = failure;
        throw failure;
      } finally {
        trace.switchTo(entry);
      }
    };
    const answeredBefore = trace.answeredBy;
    trace.entries.push(entry);
    trace.switchTo(entry);
    try {
      const answer = await stage.run(error, request, response, watched);
      // What next() gave back, returned as it came, is the answer of an entry after this one.
      entry.did = fromNext !== undefined && answer === fromNext ? 'next' : 'answered';
      entry.status = (answer as Response | undefined)?.status;
      // A mounted application answers with what an entry nested in it answered: that one counts.
      const nested =
        trace.answeredBy !== answeredBefore && (trace.answeredBy?.depth ?? 0) > entry.depth;
      if (entry.did === 'answered' && !nested) trace.answeredBy = entry;
      return answer;
    } catch (thrown) {
      // An error that came back out of next() and is thrown on was thrown after this entry;
      // error middleware that throws the error it was given passed it on, as next() would.
      const passedOn = thrown === nextFailure || (stage.handlesErrors && thrown === error);
      entry.did = passedOn ? 'next' : 'threw';
      entry.thrown = thrown;
      // Whatever answered below it was thrown away with the answer; the error decides now.
      if (entry.did === 'threw') trace.answeredBy = undefined;
      if (thrown instanceof MethodNotAllowedError) {
        trace.routed(RouteResult.fromMethodFailure(thrown.allowedMethods));
      }
      throw thrown;
    } finally {
      // Control goes back to the entry this pipeline is nested in, if any.
      trace.switchTo(this.#parent);
    }
  }
}
