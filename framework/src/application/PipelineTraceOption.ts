import { servedAnswer } from '../http/clientAddress.ts';
import { pathOf, ServerRequest } from '../http/ServerRequest.ts';
import { PIPELINE_TRACE } from '../middleware/PipelineRecorder.ts';
import { PipelineTrace } from './PipelineTrace.ts';
import { serverTiming, traceLines } from './PipelineTraceFormat.ts';

/**
 * Receives each finished trace of an application.
 *
 * @category Pipeline
 */
export type TraceSink = (trace: PipelineTrace) => void;

/**
 * Whether an application traces its requests: `true` adds a `Server-Timing` header to
 * every answer; a {@link TraceSink} does that too, and receives each finished trace.
 * @category Pipeline
 */
export type TraceOption = boolean | TraceSink;

/** Runs a request through an application's pipeline, recording into `trace`. */
export type TracedRun = (request: ServerRequest, trace: PipelineTrace) => Promise<Response>;

/**
 * Tracing as an application does it: a trace per request, the `Server-Timing` header on the
 * answer, and the finished trace handed to the sink, if any.
 */
export class Tracing {
  readonly #sink: TraceSink | undefined;

  constructor(sink?: TraceSink) {
    this.#sink = sink;
  }

  /** Answers `request` with `run`, traced. */
  async trace(request: Request, run: TracedRun): Promise<Response> {
    const trace = new PipelineTrace(request.method, pathOf(request.url));
    // The trace rides on the request, so nested pipelines and mounted applications find it.
    const response = await run(
      new ServerRequest(request).withAttribute(PIPELINE_TRACE, trace),
      trace,
    );
    trace.finish(response.status);
    try {
      this.#sink?.(trace);
    } catch {
      // A sink that fails must not cost the client its answer.
    }
    // Served by node:http, the header goes straight onto the answer: touching the headers
    // of the adapter's light Response would make it add a Content-Type the application did
    // not set, and tracing must not change the answer.
    const served = servedAnswer(request);
    if (served === undefined) return withHeader(response, 'server-timing', serverTiming(trace));
    served.setHeader('server-timing', serverTiming(trace));
    return response;
  }
}

/**
 * The tracing of an application, or `undefined` when it is off. Without an option, the
 * environment variable `HYPERPIPE_TRACE` decides, read once here: unset, empty, `0` or
 * `false` → off; `log` → the header, and each trace printed (to stderr by default);
 * anything else → the header.
 *
 * @param option - the application's `trace` option
 * @param environment - the value of `HYPERPIPE_TRACE`
 * @param print - where `log` writes each trace's text
 */
export function tracingOf(
  option: TraceOption | undefined,
  environment: string | undefined = process.env.HYPERPIPE_TRACE,
  print: (text: string) => void = (text) => process.stderr.write(text),
): Tracing | undefined {
  if (option === undefined) {
    const value = (environment ?? '').trim().toLowerCase();
    if (value === '' || value === '0' || value === 'false') return undefined;
    return value === 'log'
      ? new Tracing((trace) => print(`${traceLines(trace).join('\n')}\n`))
      : new Tracing();
  }
  if (option === false) return undefined;
  return new Tracing(option === true ? undefined : option);
}

/** The response with a header added; a copy when its headers cannot change (`Response.redirect()`). */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.append(name, value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    headers.append(name, value);
    const { status, statusText } = response;
    return new Response(response.body, { status, statusText, headers });
  }
}
