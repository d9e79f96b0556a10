import { type Attribute, attribute } from '../http/Attribute.ts';
import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import type { Next, Stage } from './Middleware.ts';

/*
 * What a pipe asks of tracing, declared where the pipe is: the application's
 * `PipelineTrace` records, the pipe only hands it each stage to run. Tracing reads what
 * routing found, which the pipe below routing cannot know.
 */

/**
 * A stage with its place in the pipeline.
 * @category Pipeline
 */
export interface PipelineEntry {
  /** What runs. */
  readonly stage: Stage;
  /** Its priority: higher runs earlier. */
  readonly priority: number;
}

/**
 * One walk through one pipeline, recorded.
 * @category Pipeline
 */
export interface WalkRecorder {
  /** Runs the entry's stage as the pipe would, recording what it did. */
  run(
    entry: PipelineEntry,
    error: unknown,
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Promise<Response>;
}

/**
 * A request's trace, as the pipe sees it: the application's `PipelineTrace`.
 * @category Pipeline
 */
export interface PipelineRecorder {
  /** A recorder for the top walk, or for one nested in the entry running now. */
  walk(): WalkRecorder;
}

/** The request attribute that carries the trace into nested pipelines and mounted applications. */
export const PIPELINE_TRACE: Attribute<PipelineRecorder> =
  attribute<PipelineRecorder>('hyperpipe.pipelineTrace');
