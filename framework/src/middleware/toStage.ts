import type { Container } from '../container/Container.ts';
import { InvalidMiddlewareError } from './InvalidMiddlewareError.ts';
import { LazyMiddleware } from './LazyMiddleware.ts';
import type { AnyMiddleware, ErrorMiddlewareFunction, MiddlewareFunction } from './Middleware.ts';
import { MiddlewarePipe } from './MiddlewarePipe.ts';
import type { Stage } from './Stage.ts';

/** How to read a piece of middleware. */
export interface StageOptions {
  /** Where service names are looked up; without it a service name is an error. */
  container?: Container | undefined;
  /** Treat it as error middleware whatever its shape says (the pipeline entry's `error: true`). */
  error?: boolean | undefined;
}

/**
 * Turns any accepted form of middleware into a {@link Stage}. Shapes are checked here,
 * at registration, so a mistake surfaces where it was made; only service names wait
 * until the first request, because the container is asked lazily.
 */
export function toStage(middleware: AnyMiddleware, options: StageOptions = {}): Stage {
  const error = options.error === true;
  if (typeof middleware === 'string') {
    if (!options.container) {
      throw new InvalidMiddlewareError(
        `Middleware "${middleware}" is a service name, but no container was given to look it up`,
      );
    }
    return new LazyMiddleware(options.container, middleware, error);
  }
  if (Array.isArray(middleware)) {
    const pipe = new MiddlewarePipe(options.container);
    // The entry's `error: true` describes every item, as it would each one piped alone.
    for (const item of middleware) pipe.pipe(item, { error });
    return objectStage(pipe, error, 'nested pipeline');
  }
  if (typeof middleware === 'function') return functionStage(middleware, error);
  if (typeof middleware === 'object' && middleware !== null) {
    return objectStage(middleware, error, middleware.constructor?.name ?? 'middleware object');
  }
  throw new InvalidMiddlewareError(`${describe(middleware)} is not middleware. ${SHAPES}`);
}

const SHAPES =
  'Middleware is a function (request, response, next), an error function ' +
  '(error, request, response, next), an object with process() or processError(), ' +
  'a service name, an Application, or a list of these.';

function functionStage(fn: MiddlewareFunction | ErrorMiddlewareFunction, error: boolean): Stage {
  const name = fn.name || 'anonymous middleware';
  // Four declared parameters mean error middleware: the Stratigility convention.
  if (error || fn.length >= 4) {
    const handler = fn as ErrorMiddlewareFunction;
    return { handlesErrors: true, name, run: handler };
  }
  const handler = fn as MiddlewareFunction;
  return {
    handlesErrors: false,
    name,
    run: (_error, request, response, next) => handler(request, response, next),
  };
}

function objectStage(candidate: object, error: boolean, name: string): Stage {
  const processError = (candidate as { processError?: unknown }).processError;
  const process = (candidate as { process?: unknown }).process;
  if (typeof processError === 'function' && (error || typeof process !== 'function')) {
    return {
      handlesErrors: true,
      name,
      run: (thrown, request, response, next) =>
        processError.call(candidate, thrown, request, response, next),
    };
  }
  if (typeof process === 'function' && !error) {
    return {
      handlesErrors: false,
      name,
      run: (_error, request, response, next) => process.call(candidate, request, response, next),
    };
  }
  const wanted = error
    ? 'processError() method, because it is marked as error middleware'
    : 'process() or processError() method';
  throw new InvalidMiddlewareError(`${name} has no ${wanted}. ${SHAPES}`);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  return typeof value === 'object' ? 'This object' : `The ${typeof value} ${String(value)}`;
}
