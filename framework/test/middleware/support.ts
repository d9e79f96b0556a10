import {
  type AnyMiddleware,
  type Container,
  type ErrorMiddlewareFunction,
  type Middleware,
  type MiddlewareFunction,
  type Next,
  ResponsePrototype,
  ServerRequest,
  text,
} from 'hyperpipe';
import { MiddlewarePipe, type PipeEnd } from '../../src/middleware/MiddlewarePipe.ts';
import { type StageOptions, toStages } from '../../src/middleware/Stage.ts';

type TestPipeOptions = StageOptions & { priority?: number };

/**
 * A pipe filled as `Application.pipe` fills one: any shape of middleware or a list, with
 * a path prefix, a priority and the error mark, turned into stages before the pipe sees them.
 */
export class TestPipe {
  readonly inner = new MiddlewarePipe();
  readonly #container: Container | undefined;

  constructor(container?: Container) {
    this.#container = container;
  }

  pipe(middleware: Middleware, options?: TestPipeOptions): this;
  pipe(middleware: ErrorMiddlewareFunction, options?: TestPipeOptions): this;
  pipe(middleware: AnyMiddleware, options?: TestPipeOptions): this;
  pipe(middleware: AnyMiddleware, options: TestPipeOptions = {}): this {
    for (const stage of toStages(middleware, this.#container, options)) {
      this.inner.pipe(stage, options.priority);
    }
    return this;
  }

  dispatch(request: ServerRequest, response: ResponsePrototype, end: PipeEnd): Promise<Response> {
    return this.inner.dispatch(request, response, end);
  }

  process(request: ServerRequest, response: ResponsePrototype, next: Next): Promise<Response> {
    return this.inner.process(request, response, next);
  }

  processError(
    error: unknown,
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Promise<Response> {
    return this.inner.processError(error, request, response, next);
  }
}

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
  pipe: TestPipe,
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
