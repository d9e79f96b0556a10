import type { Container } from '../container/Container.ts';
import { InvalidMiddlewareError } from './InvalidMiddlewareError.ts';
import type {
  AnyMiddleware,
  ErrorMiddlewareFunction,
  Middleware,
  MiddlewareFunction,
  Stage,
} from './Middleware.ts';
import { MiddlewarePipe } from './MiddlewarePipe.ts';
import { underPrefix } from './PathPrefix.ts';

const SHAPES =
  'Middleware is a function (request, response, next), an error function ' +
  '(error, request, response, next), an object with process() or processError(), ' +
  'a service name, an Application, or a list of these.';

/** Where and how middleware is piped: {@link toStages}'s options. */
export interface StageOptions {
  /** A literal path prefix; the stages run only under it and see the path without it. */
  path?: string | undefined;
  /** Marks the middleware as error middleware whatever its shape says. */
  error?: boolean | undefined;
}

/**
 * The stages of one piped entry. A list joins item by item, each with the entry's options:
 * the order and the error handling of a nested pipeline, without its extra stage on every
 * request. Every item is checked before any joins.
 */
export function toStages(
  middleware: AnyMiddleware,
  container: Container | undefined,
  options: StageOptions = {},
): Stage[] {
  if (Array.isArray(middleware)) {
    return middleware.flatMap((item) => toStages(item, container, options));
  }
  return [underPrefix(toStage(middleware, container, options.error === true), options.path)];
}

/**
 * Turns any accepted form of middleware into a {@link Stage}. Shapes are checked here, at
 * registration, so a mistake surfaces where it was made; only service names wait until
 * the first request. `error` is the pipeline entry's `error: true`: it marks the
 * middleware, and every item of a list, as error middleware whatever its shape says.
 */
export function toStage(middleware: AnyMiddleware, container?: Container, error = false): Stage {
  if (typeof middleware === 'string') return lazyStage(middleware, container, error);
  if (Array.isArray(middleware)) {
    const pipe = new MiddlewarePipe();
    for (const stage of toStages(middleware, container, { error })) pipe.pipe(stage);
    return objectStage(pipe, error, 'nested pipeline');
  }
  if (typeof middleware === 'function') return functionStage(middleware, error);
  if (typeof middleware === 'object' && middleware !== null) {
    return objectStage(middleware, error, objectName(middleware));
  }
  const what = middleware === null ? 'null' : `The ${typeof middleware} ${String(middleware)}`;
  throw new InvalidMiddlewareError(`${what} is not middleware. ${SHAPES}`);
}

function functionStage(fn: MiddlewareFunction | ErrorMiddlewareFunction, error: boolean): Stage {
  const name = fn.name || 'anonymous middleware';
  // Four declared parameters mean error middleware: the Stratigility convention.
  if (error || fn.length >= 4) {
    return { handlesErrors: true, name, run: fn as ErrorMiddlewareFunction };
  }
  const handler = fn as MiddlewareFunction;
  return {
    handlesErrors: false,
    name,
    run: (_error, request, response, next) => handler(request, response, next),
  };
}

/** A class instance's class name; for a plain object (`errorMiddleware(fn)`), its method's. */
function objectName(candidate: object): string {
  const { process, processError } = candidate as { process?: unknown; processError?: unknown };
  const method = typeof processError === 'function' ? processError : process;
  if (candidate.constructor === Object && typeof method === 'function' && method.name !== '') {
    return method.name;
  }
  return candidate.constructor?.name ?? 'middleware object';
}

function objectStage(candidate: object, error: boolean, name: string): Stage {
  const { process, processError } = candidate as { process?: unknown; processError?: unknown };
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

/**
 * Middleware given as a service name. The container is asked for it only when it is first
 * invoked, so an application with many routes builds only what its requests use, and a
 * service that is not middleware fails then, naming the service.
 */
function lazyStage(name: string, container: Container | undefined, error: boolean): Stage {
  if (!container) {
    throw new InvalidMiddlewareError(
      `Middleware "${name}" is a service name, but no container was given to look it up`,
    );
  }
  const stage: Stage = {
    handlesErrors: error,
    name,
    run: (thrown, request, response, next) => {
      // Loaded once; from then on the stage runs the service without asking again.
      stage.run = loadService(container, name, error).run;
      return stage.run(thrown, request, response, next);
    },
  };
  return stage;
}

function loadService(container: Container, name: string, error: boolean): Stage {
  const notInvokable = `Lazy-loaded middleware "${name}" is not invokable`;
  const service = container.get(name);
  // A string would be read as another service name; a lazy service must be middleware itself.
  if (typeof service === 'string') throw new InvalidMiddlewareError(notInvokable);
  let stage: Stage;
  try {
    stage = toStage(service as Middleware, container, error);
  } catch (cause) {
    throw Object.assign(new InvalidMiddlewareError(notInvokable), { cause });
  }
  // This stage already sits in the normal flow, so error middleware behind it would be
  // called with no error to handle; say so instead of passing it a meaningless one.
  if (stage.handlesErrors && !error) {
    throw new InvalidMiddlewareError(
      `Lazy-loaded middleware "${name}" is error middleware; mark its entry with error: true`,
    );
  }
  return stage;
}
