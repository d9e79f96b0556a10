import type { Container } from '../container/Container.ts';
import { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import type { AnyMiddleware, ApplicationPipeOptions } from '../middleware/Middleware.ts';
import { MiddlewarePipe } from '../middleware/MiddlewarePipe.ts';
import { toStages } from '../middleware/Stage.ts';
import type { DispatchMiddleware } from './DispatchMiddleware.ts';
import type { FinalHandler } from './FinalHandler.ts';
import type { PipelineTrace } from './PipelineTrace.ts';
import type { RoutingMiddleware } from './RoutingMiddleware.ts';

/**
 * An application's pipeline: a middleware pipe that takes middleware in every shape
 * {@link Application.pipe} accepts, and knows whether the routing and dispatch steps are
 * in it yet, so that the first route can pipe them where the application did not place
 * them itself (SPEC 9.3: both at priority 1).
 */
export class ApplicationPipeline extends MiddlewarePipe {
  readonly #container: Container | undefined;
  readonly #routing: RoutingMiddleware;
  readonly #dispatch: DispatchMiddleware;
  #hasRouting = false;
  #hasDispatch = false;

  constructor(
    container: Container | undefined,
    routing: RoutingMiddleware,
    dispatch: DispatchMiddleware,
  ) {
    super();
    this.#container = container;
    this.#routing = routing;
    this.#dispatch = dispatch;
  }

  /** Whether the routing middleware is in the pipeline. */
  get hasRouting(): boolean {
    return this.#hasRouting;
  }

  /** Whether the dispatch middleware is in the pipeline. */
  get hasDispatch(): boolean {
    return this.#hasDispatch;
  }

  /**
   * The application's answer to a request: the pipeline walked with a fresh response
   * prototype, ending in `finalHandler`. A HEAD answer carries the headers a GET would,
   * never its body, whoever answered it.
   */
  answer(
    request: ServerRequest,
    finalHandler: FinalHandler,
    trace: PipelineTrace | undefined,
  ): Promise<Response> {
    const answer = this.dispatch(request, new ResponsePrototype(), finalHandler, trace);
    return request.method === 'HEAD' ? answer.then(withoutBody) : answer;
  }

  /** Adds middleware, under a path prefix when one is given, noting routing and dispatch. */
  add(path: string | undefined, middleware: AnyMiddleware, options: ApplicationPipeOptions): void {
    for (const stage of toStages(middleware, this.#container, { path, error: options.error })) {
      this.pipe(stage, options.priority);
    }
    this.#hasRouting ||= contains(middleware, this.#routing);
    this.#hasDispatch ||= contains(middleware, this.#dispatch);
  }

  /** Adds the routing middleware for every path; it may be added once only. */
  addRouting(options: ApplicationPipeOptions): void {
    if (this.#hasRouting) throw new Error(alreadyPiped('routing'));
    this.add(undefined, this.#routing, options);
  }

  /** Adds the dispatch middleware for every path; it may be added once only. */
  addDispatch(options: ApplicationPipeOptions): void {
    if (this.#hasDispatch) throw new Error(alreadyPiped('dispatch'));
    this.add(undefined, this.#dispatch, options);
  }

  /** Called for each route added: the first pipes routing then dispatch, unless either is in. */
  routeAdded(): void {
    if (this.#hasRouting || this.#hasDispatch) return;
    this.addRouting({});
    this.addDispatch({});
  }
}

/** Whether `middleware` is `wanted`, or a list that holds it at any depth. */
function contains(middleware: AnyMiddleware, wanted: object): boolean {
  return (
    middleware === wanted ||
    (Array.isArray(middleware) && middleware.some((item) => contains(item, wanted)))
  );
}

function alreadyPiped(what: string): string {
  return (
    `The ${what} middleware is already in the pipeline. Adding the first route pipes routing and ` +
    `dispatch automatically; to place them yourself, pipe them before adding routes.`
  );
}

function withoutBody(response: Response): Response {
  if (response.body === null) return response;
  return new Response(null, { status: response.status, headers: response.headers });
}
