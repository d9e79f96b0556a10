import type { ServerRequest } from './ServerRequest.ts';

/**
 * Receives errors that no error middleware handled and that are the server's fault (5xx).
 * The final handler and the problem middleware both report to one; it lives with the
 * request it names, below both of them.
 *
 * @category Application
 */
export type ErrorLogger = (error: unknown, request: ServerRequest) => void;

/** @internal The default {@link ErrorLogger}: one line on stderr with the request and the stack. */
export function logToStderr(error: unknown, request: ServerRequest): void {
  const summary = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(
    `[hyperpipe] ${request.method} ${request.basePath}${request.path} failed: ${summary}`,
  );
}
