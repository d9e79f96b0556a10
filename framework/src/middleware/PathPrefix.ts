import type { ServerRequest } from '../http/ServerRequest.ts';
import type { Stage } from './Middleware.ts';

/*
 * Path prefixes, a decorator of their own as in Stratigility (PathMiddlewareDecorator): the
 * pipe knows nothing of paths. Prefixes are literal and matched by whole segments,
 * case-insensitively: `/api` matches `/api`, `/api/`, `/api/x` and `/api.json`, not `/apiary`.
 */

/**
 * The stage as piped under `path`: it runs only for paths under the prefix and sees them
 * without it (the prefix moves to `basePath`); other requests go straight on. `/` or no
 * path means every path, and the stage is returned as it is.
 */
export function underPrefix(stage: Stage, path: string | undefined): Stage {
  const prefix = normalizePrefix(path);
  if (prefix === '') return stage;
  return {
    handlesErrors: stage.handlesErrors,
    name: stage.name,
    prefix,
    run: (error, request, response, next) => {
      if (!matchesPrefix(request.path, prefix)) return next();
      return stage.run(
        error,
        withoutPrefix(request, prefix),
        response,
        (nextRequest, nextResponse) =>
          // Later stages see the path again as this one received it.
          next(nextRequest?.withPath(request.path, request.basePath), nextResponse),
      );
    },
  };
}

/**
 * A prefix with one leading slash and no trailing one; `''` for "every path" (`/` or
 * nothing). A prefix written without its leading slash (`api`) means the same path from
 * the root (`/api`), as in Stratigility: a prefix is never relative to anything else.
 */
function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/*/, '/').replace(/\/+$/, '');
  if (/[{}]/.test(trimmed)) {
    throw new Error(`Pipeline path "${prefix}" must be a literal path, without placeholders`);
  }
  return trimmed;
}

/** Whether `path` is under `prefix` (normalized, not empty). */
export function matchesPrefix(path: string, prefix: string): boolean {
  if (path.slice(0, prefix.length).toLowerCase() !== prefix.toLowerCase()) return false;
  const boundary = path[prefix.length];
  return boundary === undefined || boundary === '/' || boundary === '.';
}

function withoutPrefix(request: ServerRequest, prefix: string): ServerRequest {
  const rest = request.path.slice(prefix.length);
  return request.withPath(
    rest.startsWith('/') ? rest : `/${rest}`,
    request.basePath + request.path.slice(0, prefix.length),
  );
}
