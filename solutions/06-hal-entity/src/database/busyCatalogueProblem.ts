import { ApiProblem } from 'hyperpipe/problem';

/** How long a client should wait before trying again, in seconds. */
const RETRY_AFTER_SECONDS = 1;

/**
 * Error middleware that answers "the catalogue is busy" as a 503 problem with `Retry-After`.
 *
 * SQLite reports SQLITE_BUSY when another process holds a lock longer than the connection's
 * busy timeout (see openConnection in the catalogue). Nothing is wrong with the request or
 * the server, so a client should simply retry; a 500 would say the opposite. Any other error
 * goes on to the problem middleware.
 */
export function busyCatalogueProblem(error: unknown): never {
  if (!isBusy(error)) throw error;
  throw new ApiProblem(503, 'The catalogue is busy with another writer; try again shortly', {
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    cause: error,
  });
}

// Opening the catalogue wraps the driver's error, so the cause counts too.
function isBusy(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) return true;
  return isBusy(error.cause);
}
