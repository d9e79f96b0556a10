import { type MiddlewareFunction, ResponsePrototype, ServerRequest, text } from 'hyperpipe';
import type { MiddlewarePipe, PipeEnd } from '../../src/middleware/MiddlewarePipe.ts';

/** What a test pipe's end saw: the request that exhausted it, or the error nobody handled. */
export interface EndLog {
  next: ServerRequest[];
  fail: unknown[];
}

/** An end like the final handler's, answering 404 `end` or 500 `failed`, and recording calls. */
export function recordingEnd(): PipeEnd & { log: EndLog } {
  const log: EndLog = { next: [], fail: [] };
  return {
    log,
    async next(request) {
      log.next.push(request);
      return text('end', { status: 404 });
    },
    async fail(error) {
      log.fail.push(error);
      return text('failed', { status: 500 });
    },
  };
}

/** Runs `pipe` for a GET of `path` and resolves to the response, with the end's log. */
export async function run(
  pipe: MiddlewarePipe,
  path = '/',
): Promise<{ response: Response; body: string; end: EndLog }> {
  const end = recordingEnd();
  const response = await pipe.dispatch(
    new ServerRequest(new Request(`http://localhost${path}`)),
    new ResponsePrototype(),
    end,
  );
  return { response, body: await response.text(), end: end.log };
}

/** Normal middleware that logs `name` and passes the request on. */
export function passing(log: string[], name: string): MiddlewareFunction {
  return (request, _response, next) => {
    log.push(name);
    return next(request);
  };
}
