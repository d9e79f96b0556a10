import type { Container } from '../container/Container.ts';
import type { EventManager } from '../events/EventManager.ts';
import type { ErrorLogger } from '../http/ErrorLogger.ts';
import type { Router } from '../router/Router.ts';
import type { TraceOption } from './PipelineTraceOption.ts';
import type { Runner } from './Runner.ts';

/**
 * Options of {@link createApplication}.
 * @category Application
 */
export interface ApplicationOptions {
  /** The router; a {@link FindMyWayRouter} by default. */
  router?: Router | undefined;
  /** Where middleware given by service name is looked up. */
  container?: Container | undefined;
  /** Show error details in 500 answers. Never in production. */
  debug?: boolean | undefined;
  /** Where unhandled server errors are reported; one line on stderr by default. */
  onError?: ErrorLogger | undefined;
  /** The application's events, such as `authorization`; a new manager by default. */
  events?: EventManager | undefined;
  /**
   * Record each request's way through the pipeline and send it as a `Server-Timing` header;
   * a function also receives each trace. By default the `HYPERPIPE_TRACE` environment
   * variable decides: `1` for the header, `log` for the header and the trace on stderr.
   */
  trace?: TraceOption | undefined;
  /**
   * What {@link Application.run} serves the application with. {@link createApplication}
   * and the container give `serve` (node:http); `new Application()` has none.
   */
  runner?: Runner | undefined;
}
