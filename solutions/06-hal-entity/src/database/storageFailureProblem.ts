import type { ServerRequest } from 'hyperpipe';
import { ApiProblem } from 'hyperpipe/problem';

/** Where 507 is defined (WebDAV's RFC 4918): the problem's type, as RFC 9110's codes get theirs. */
const INSUFFICIENT_STORAGE = 'https://www.rfc-editor.org/rfc/rfc4918#section-11.5';

/** How long a client should wait before trying again, in seconds: someone has to act first. */
const RETRY_AFTER_SECONDS = 60;

/**
 * Error middleware that answers a catalogue whose storage failed with a problem that says
 * so, instead of the generic 500 of a bug:
 *
 * - SQLITE_FULL (the disk, or the file's size limit, is full): 507 Insufficient Storage.
 * - SQLITE_READONLY (a read-only file, folder or mount) and SQLITE_IOERR (the disk failed
 *   a read or a write): 503 with `Retry-After`.
 *
 * SQLite rolls the failed statement back and the connection stays usable, so reads keep
 * working: only the requests that need the failed storage get these answers. Each one is
 * logged, since nothing gets better until someone frees space or fixes the file. Any other
 * error goes on to the problem middleware.
 */
export function storageFailureProblem(error: unknown, request: ServerRequest): never {
  const code = sqliteCodeOf(error);
  if (code === undefined) throw error;
  const problem = problemFor(code, error);
  if (problem === undefined) throw error;
  console.error(
    `[conference] ${request.method} ${request.basePath}${request.path}: ${code} ${(error as Error).message}`,
  );
  throw problem;
}

function problemFor(code: string, cause: unknown): ApiProblem | undefined {
  if (code.startsWith('SQLITE_FULL')) {
    return new ApiProblem(507, 'The catalogue has no room left to store this change', {
      type: INSUFFICIENT_STORAGE,
      cause,
    });
  }
  const detail = code.startsWith('SQLITE_READONLY')
    ? 'The catalogue is read-only for now: it can be read but not changed; try again later'
    : code.startsWith('SQLITE_IOERR')
      ? 'The catalogue could not be read or written; try again later'
      : undefined;
  if (detail === undefined) return undefined;
  return new ApiProblem(503, detail, {
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    cause,
  });
}

// The driver's error carries SQLite's extended code, such as SQLITE_IOERR_WRITE; opening the
// catalogue wraps it, so the cause counts too.
function sqliteCodeOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return code;
  return sqliteCodeOf(error.cause);
}
