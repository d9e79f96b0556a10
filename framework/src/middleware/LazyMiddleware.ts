import type { Container } from '../container/Container.ts';
import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import { InvalidMiddlewareError } from './InvalidMiddlewareError.ts';
import type { Middleware, Next } from './Middleware.ts';
import type { Stage } from './Stage.ts';
import { toStage } from './toStage.ts';

/**
 * Middleware given as a service name. The container is asked for it only when it is
 * first invoked, so an application with many routes builds only what its requests use,
 * and a service that is not middleware fails then, naming the service.
 */
export class LazyMiddleware implements Stage {
  /** Marked error middleware by its pipeline entry (`error: true`). */
  readonly handlesErrors: boolean;
  /** The service name. */
  readonly name: string;
  readonly #container: Container;
  #stage: Stage | undefined;

  /**
   * Creates the LazyMiddleware.
   *
   * @param container - where the service is looked up
   * @param name - the service name
   * @param handlesErrors - whether the service is error middleware
   */
  constructor(container: Container, name: string, handlesErrors: boolean) {
    this.#container = container;
    this.name = name;
    this.handlesErrors = handlesErrors;
  }

  /** Fetches the service on first use, then runs it. */
  run(
    error: unknown,
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Response | Promise<Response> {
    this.#stage ??= this.#load();
    return this.#stage.run(error, request, response, next);
  }

  #load(): Stage {
    const service = this.#container.get(this.name);
    // A string would be read as another service name; a lazy service must be middleware itself.
    if (typeof service === 'string') {
      throw new InvalidMiddlewareError(`Lazy-loaded middleware "${this.name}" is not invokable`);
    }
    let stage: Stage;
    try {
      stage = toStage(service as Middleware, {
        container: this.#container,
        error: this.handlesErrors,
      });
    } catch (cause) {
      const error = new InvalidMiddlewareError(
        `Lazy-loaded middleware "${this.name}" is not invokable`,
      );
      error.cause = cause;
      throw error;
    }
    // This wrapper already sits in the normal flow, so error middleware behind it would be
    // called with no error to handle; say so instead of passing it a meaningless one.
    if (stage.handlesErrors && !this.handlesErrors) {
      throw new InvalidMiddlewareError(
        `Lazy-loaded middleware "${this.name}" is error middleware; mark its entry with error: true`,
      );
    }
    return stage;
  }
}
