import type { Container } from '../container/Container.ts';
import { EventManager } from '../events/EventManager.ts';
import type { ErrorLogger } from '../http/ErrorLogger.ts';
import { ResponsePrototype } from '../http/ResponsePrototype.ts';
import { ServerRequest } from '../http/ServerRequest.ts';
import type {
  AnyMiddleware,
  ErrorMiddlewareFunction,
  Middleware,
  MiddlewareInterface,
  Next,
} from '../middleware/Middleware.ts';
import { MiddlewarePipe } from '../middleware/MiddlewarePipe.ts';
import { toStages } from '../middleware/Stage.ts';
import { FindMyWayRouter } from '../router/FindMyWayRouter.ts';
import { Route } from '../router/Route.ts';
import type { Router } from '../router/Router.ts';
import type { RouteParams } from '../router/routePath.ts';
import { DispatchMiddleware } from './DispatchMiddleware.ts';
import { FinalHandler } from './FinalHandler.ts';
import type { PipelineTrace } from './PipelineTrace.ts';
import { type TraceOption, type Tracing, tracingOf } from './PipelineTraceOption.ts';
import { RoutingMiddleware } from './RoutingMiddleware.ts';
import type { Runner, RunningServer, ServeOptions } from './Runner.ts';

/**
 * Options of {@link createApplication}.
 * @category Application
 */
export interface ApplicationOptions {
  /** The router; a {@link FindMyWayRouter} by default. */
  router?: Router | undefined;
  /** Where middleware given by service name is looked up. */
  container?: Container | undefined;
  /** Show error details in 500 answers. Never in production. */
  debug?: boolean | undefined;
  /** Where unhandled server errors are reported; one line on stderr by default. */
  onError?: ErrorLogger | undefined;
  /** The application's events, such as `authorization`; a new manager by default. */
  events?: EventManager | undefined;
  /**
   * Record each request's way through the pipeline and send it as a `Server-Timing` header;
   * a function also receives each trace. By default the `HYPERPIPE_TRACE` environment
   * variable decides: `1` for the header, `log` for the header and the trace on stderr.
   */
  trace?: TraceOption | undefined;
  /**
   * What {@link Application.run} serves the application with. {@link createApplication}
   * and the container give `serve` (node:http); `new Application()` has none.
   */
  runner?: Runner | undefined;
}

/**
 * Options of {@link Application.pipe} (the path is an argument of its own).
 * @category Pipeline
 */
export interface ApplicationPipeOptions {
  /** Higher runs earlier; default 1; negative values run last; a non-integer counts as 1. */
  priority?: number | undefined;
  /** Marks the middleware as error middleware whatever its shape says. */
  error?: boolean | undefined;
}

/**
 * An application: routes plus a middleware pipeline.
 *
 * Requests come in through {@link Application.handle} (also available as `fetch`, so
 * fetch-style tooling can call it), walk the pipeline, meet the routing and dispatch
 * middleware, and end in the final handler. An application is middleware too, so one can
 * be mounted in another under a path prefix: `parent.pipe('/api', api)`.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.get('/ping', () => json({ ack: Math.floor(Date.now() / 1000) }));
 * const answer = await app.handle(new Request('http://localhost/ping'));
 * console.log(answer.status, await answer.json()); // 200 { ack: … }
 * ```
 * @see The framework guide: [how a request flows](../../../docs/framework.md#how-a-request-flows),
 * [the pipeline](../../../docs/framework.md#the-pipeline) and
 * [routes](../../../docs/framework.md#routes)
 * @category Application
 */
export class Application implements MiddlewareInterface {
  /** The router routes are added to. */
  readonly router: Router;
  /** The container behind service names, if any. */
  readonly container: Container | undefined;
  /** Where listeners attach to the application's events, such as `authorization`. */
  readonly events: EventManager;
  /** The routing step; pipe it yourself to place it, or let the first route do it. */
  readonly routingMiddleware: RoutingMiddleware;
  /** The dispatch step; pipe it yourself to place it, or let the first route do it. */
  readonly dispatchMiddleware: DispatchMiddleware;
  readonly #pipeline: MiddlewarePipe;
  readonly #finalHandler: FinalHandler;
  readonly #tracing: Tracing | undefined;
  readonly #runner: Runner | undefined;
  /** Whether routing and dispatch are in the pipeline: the first route pipes them if neither is. */
  readonly #piped = { routing: false, dispatch: false };

  /**
   * Creates the Application.
   */
  constructor(options: ApplicationOptions = {}) {
    this.router = options.router ?? new FindMyWayRouter();
    this.container = options.container;
    this.events = options.events ?? new EventManager();
    this.routingMiddleware = new RoutingMiddleware(this.router);
    this.dispatchMiddleware = new DispatchMiddleware(this.container);
    this.#pipeline = new MiddlewarePipe();
    this.#finalHandler = new FinalHandler({ debug: options.debug, onError: options.onError });
    this.#tracing = tracingOf(options.trace);
    this.#runner = options.runner;
  }

  /**
   * Handles a request in-process and resolves to the response; it never rejects, since
   * errors become error responses. Bound, so it can be passed around as a function.
   */
  readonly handle = (request: Request): Promise<Response> => {
    if (this.#tracing) return this.#tracing.trace(request, this.#answer);
    return this.#answer(new ServerRequest(request));
  };

  readonly #answer = (request: ServerRequest, trace?: PipelineTrace): Promise<Response> => {
    const answer = this.#pipeline.dispatch(
      request,
      new ResponsePrototype(),
      this.#finalHandler,
      trace,
    );
    // A HEAD answer carries the headers a GET would, never its body.
    return request.method === 'HEAD' ? answer.then(withoutBody) : answer;
  };

  /**
   * The same function as {@link Application.handle}, under the name fetch-style servers and msw expect.
   */
  readonly fetch: (request: Request) => Promise<Response> = this.handle;

  /**
   * Runs the application as middleware of an outer pipeline: a request nothing here
   * answers continues in the outer pipeline, and so does an error nothing here handles.
   *
   * @param request - the request, its path relative to where the application is mounted
   * @param next - the rest of the outer pipeline
   */
  process(request: ServerRequest, response: ResponsePrototype, next: Next): Promise<Response> {
    return this.#pipeline.process(request, response, next);
  }

  /**
   * Adds middleware to the pipeline, for every path.
   *
   * @example
   * ```ts
   * const app = createApplication();
   * const api = createApplication();
   * const cors: MiddlewareFunction = (request, response, next) => {
   *   response.headers.set('Access-Control-Allow-Origin', '*');
   *   return next();
   * };
   * app.pipe(cors);                          // every request
   * app.pipe('/api', api);                   // requests under /api, which `api` sees as /…
   * app.pipe('/', cors, { priority: 100 });  // before everything of lower priority
   * app.pipe('/', (error: unknown) => json({ error: String(error) }, { status: 500 }), {
   *   error: true, // error middleware, whatever its parameter count says
   *   priority: -10,
   * });
   * ```
   */
  pipe(middleware: Middleware): this;
  /**
   * Adds error middleware to the pipeline, for every path.
   */
  pipe(middleware: ErrorMiddlewareFunction): this;
  /**
   * Adds middleware to the pipeline under a literal path prefix (`/` for every path).
   *
   * @param path - the prefix; the middleware sees the path without it
   * @param options - its priority, and whether it is error middleware
   */
  pipe(path: string, middleware: Middleware, options?: ApplicationPipeOptions): this;
  /**
   * Adds error middleware to the pipeline under a literal path prefix.
   *
   * @param path - the prefix; the middleware sees the path without it
   * @param options - its priority
   */
  pipe(path: string, middleware: ErrorMiddlewareFunction, options?: ApplicationPipeOptions): this;
  pipe(
    pathOrMiddleware: string | AnyMiddleware,
    middleware?: AnyMiddleware,
    options: ApplicationPipeOptions = {},
  ): this {
    const [path, piped] =
      middleware === undefined
        ? [undefined, pathOrMiddleware]
        : [pathOrMiddleware as string, middleware];
    for (const stage of toStages(piped, this.container, { path, error: options.error })) {
      this.#pipeline.pipe(stage, options.priority);
    }
    this.#piped.routing ||= contains(piped, this.routingMiddleware);
    this.#piped.dispatch ||= contains(piped, this.dispatchMiddleware);
    return this;
  }

  /**
   * Pipes the routing middleware here, at priority 1 unless another is given.
   * @param options - its priority
   */
  pipeRoutingMiddleware(options: ApplicationPipeOptions = {}): this {
    if (this.#piped.routing) throw new Error(alreadyPiped('routing'));
    return this.pipe('/', this.routingMiddleware, options);
  }

  /**
   * Pipes the dispatch middleware here, at priority 1 unless another is given.
   * @param options - its priority
   */
  pipeDispatchMiddleware(options: ApplicationPipeOptions = {}): this {
    if (this.#piped.dispatch) throw new Error(alreadyPiped('dispatch'));
    return this.pipe('/', this.dispatchMiddleware, options);
  }

  /** Whether the routing middleware is in the pipeline. */
  get hasRoutingMiddleware(): boolean {
    return this.#piped.routing;
  }

  /** Whether the dispatch middleware is in the pipeline. */
  get hasDispatchMiddleware(): boolean {
    return this.#piped.dispatch;
  }

  /**
   * Adds a route. With no method list it answers every method the router supports; with
   * an empty list only HEAD and OPTIONS (and GET with the default router).
   * The first route pipes routing and dispatch, unless either is in the pipeline already.
   *
   * @param path - the path pattern, such as `/user/{id}`
   * @param middleware - what runs when the route matches
   * @param methods - the methods it answers; leave out for every method
   * @param name - its name for {@link Application.generateUri}; derived from path and methods by default
   * @returns the route, for `setOptions()`
   * @example
   * ```ts
   * const app = createApplication();
   * app.route('/user/{id}', (request) => json({ id: request.param('id') }), ['GET', 'PUT'], 'user')
   *   .setOptions({ tokens: { id: '\\d+' } });
   * console.log(app.generateUri('user', { id: 42 })); // /user/42
   * ```
   */
  route(path: string, middleware: Middleware, methods?: readonly string[], name?: string): Route;
  /**
   * Adds a route built beforehand.
   */
  route(route: Route): Route;
  route(
    pathOrRoute: string | Route,
    middleware?: Middleware,
    methods?: readonly string[],
    name?: string,
  ): Route {
    const route =
      pathOrRoute instanceof Route
        ? pathOrRoute
        : new Route(pathOrRoute, middleware as Middleware, methods, name);
    // Check the middleware before the router records the route (refusing a duplicate), so a
    // refused route leaves no trace and the corrected one can take the same path and name.
    this.dispatchMiddleware.prepare(route);
    this.router.addRoute(route);
    if (!this.#piped.routing && !this.#piped.dispatch) {
      this.pipeRoutingMiddleware().pipeDispatchMiddleware();
    }
    return route;
  }

  /**
   * Adds a GET route.
   * @param middleware - what runs when the route matches
   * @param name - its name; `path^GET` by default
   */
  get(path: string, middleware: Middleware, name?: string): Route {
    return this.route(path, middleware, ['GET'], name);
  }

  /**
   * Adds a POST route.
   * @param middleware - what runs when the route matches
   * @param name - its name; `path^POST` by default
   */
  post(path: string, middleware: Middleware, name?: string): Route {
    return this.route(path, middleware, ['POST'], name);
  }

  /**
   * Adds a PUT route.
   * @param middleware - what runs when the route matches
   * @param name - its name; `path^PUT` by default
   */
  put(path: string, middleware: Middleware, name?: string): Route {
    return this.route(path, middleware, ['PUT'], name);
  }

  /**
   * Adds a PATCH route.
   * @param middleware - what runs when the route matches
   * @param name - its name; `path^PATCH` by default
   */
  patch(path: string, middleware: Middleware, name?: string): Route {
    return this.route(path, middleware, ['PATCH'], name);
  }

  /**
   * Adds a DELETE route.
   * @param middleware - what runs when the route matches
   * @param name - its name; `path^DELETE` by default
   */
  delete(path: string, middleware: Middleware, name?: string): Route {
    return this.route(path, middleware, ['DELETE'], name);
  }

  /** The routes added so far, in order. */
  get routes(): readonly Route[] {
    return this.router.routes;
  }

  /**
   * Builds the path of a named route.
   *
   * @param params - a value for each placeholder of its path
   * @throws Error `Cannot generate URI for route "X"; route not found`
   */
  generateUri(name: string, params?: RouteParams): string {
    return this.router.generateUri(name, params);
  }

  /**
   * Serves the application over HTTP with its {@link ApplicationOptions.runner}: with
   * `serve` (node:http), on `options.port`, else the `PORT` environment variable, else
   * 8080, stopping cleanly on SIGINT and SIGTERM.
   *
   * @throws Error when the application was built with `new Application()` and no runner
   */
  run(options: ServeOptions = {}): Promise<RunningServer> {
    if (this.#runner === undefined) {
      throw new Error(
        'This application has no server to run on. Build it with createApplication() or the ' +
          "container, or pass { runner: serve } (from 'hyperpipe/server') to new Application().",
      );
    }
    return this.#runner(this, options);
  }
}

function withoutBody(response: Response): Response {
  if (response.body === null) return response;
  return new Response(null, { status: response.status, headers: response.headers });
}

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
