import type { Container } from '../container/Container.ts';
import { EventManager } from '../events/EventManager.ts';
import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import { ServerRequest } from '../http/ServerRequest.ts';
import type {
  AnyMiddleware,
  ApplicationPipeOptions,
  ErrorMiddlewareFunction,
  Middleware,
  MiddlewareInterface,
  Next,
} from '../middleware/Middleware.ts';
import { FindMyWayRouter } from '../router/FindMyWayRouter.ts';
import type { Route } from '../router/Route.ts';
import type { RouteMiddleware } from '../router/RouteMiddleware.ts';
import type { Router } from '../router/Router.ts';
import type { RouteParams } from '../router/routePath.ts';
import type { UriTemplate } from '../router/UriTemplate.ts';
import type { ApplicationOptions } from './ApplicationOptions.ts';
import { ApplicationPipeline } from './ApplicationPipeline.ts';
import { DispatchMiddleware } from './DispatchMiddleware.ts';
import { FinalHandler } from './FinalHandler.ts';
import type { PipelineTrace } from './PipelineTrace.ts';
import { type Tracing, tracingOf } from './PipelineTraceOption.ts';
import { RouteCollector } from './RouteCollector.ts';
import { RoutingMiddleware } from './RoutingMiddleware.ts';
import { type Runner, type RunningServer, runApplication, type ServeOptions } from './Runner.ts';

export type { ApplicationOptions };

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
  readonly #pipeline: ApplicationPipeline;
  readonly #routes: RouteCollector;
  readonly #finalHandler: FinalHandler;
  readonly #tracing: Tracing | undefined;
  readonly #runner: Runner | undefined;

  /**
   * Creates the Application.
   */
  constructor(options: ApplicationOptions = {}) {
    this.router = options.router ?? new FindMyWayRouter();
    this.container = options.container;
    this.events = options.events ?? new EventManager();
    this.routingMiddleware = new RoutingMiddleware(this.router);
    this.dispatchMiddleware = new DispatchMiddleware(this.container);
    this.#pipeline = new ApplicationPipeline(
      this.container,
      this.routingMiddleware,
      this.dispatchMiddleware,
    );
    this.#routes = new RouteCollector(this.router, this.dispatchMiddleware);
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

  readonly #answer = (request: ServerRequest, trace?: PipelineTrace): Promise<Response> =>
    this.#pipeline.answer(request, this.#finalHandler, trace);

  /**
   * The same function as {@link Application.handle}, under the name fetch-style servers and msw expect.
   */
  readonly fetch: (request: Request) => Promise<Response> = this.handle;

  /**
   * Answers a request made from a path, in-process: no server, no socket, as Hono's
   * `app.request()` and Fastify's `inject()` do for tests. A path is read against
   * `http://localhost`; a full URL or a `Request` is taken as it is.
   *
   * @example
   * ```ts
   * const app = createApplication();
   * app.get('/ping', () => json({ pong: true }));
   * const answer = await app.request('/ping?verbose=1');
   * answer.status; // 200
   * (await app.request('/ping', { method: 'POST', body: '{}' })).status; // 405
   * ```
   */
  request(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    if (input instanceof Request) return this.handle(new Request(input, init));
    return this.handle(new Request(new URL(input, 'http://localhost'), init));
  }

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
   * app.pipe('/api', api);                   // under /api, seen by `api` as /…
   * app.pipe('/', cors, { priority: 100 });  // before everything of lower priority
   * app.pipe(
   *   '/',
   *   (error: unknown) => json({ error: String(error) }, { status: 500 }),
   *   {
   *     error: true, // error middleware, whatever its parameter count says
   *     priority: -10,
   *   },
   * );
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
    if (middleware === undefined) this.#pipeline.add(undefined, pathOrMiddleware, options);
    else this.#pipeline.add(pathOrMiddleware as string, middleware, options);
    return this;
  }

  /**
   * Pipes the routing middleware here, at priority 1 unless another is given.
   * @param options - its priority
   */
  pipeRoutingMiddleware(options: ApplicationPipeOptions = {}): this {
    this.#pipeline.addRouting(options);
    return this;
  }

  /**
   * Pipes the dispatch middleware here, at priority 1 unless another is given.
   * @param options - its priority
   */
  pipeDispatchMiddleware(options: ApplicationPipeOptions = {}): this {
    this.#pipeline.addDispatch(options);
    return this;
  }

  /** Whether the routing middleware is in the pipeline. */
  get hasRoutingMiddleware(): boolean {
    return this.#pipeline.hasRouting;
  }

  /** Whether the dispatch middleware is in the pipeline. */
  get hasDispatchMiddleware(): boolean {
    return this.#pipeline.hasDispatch;
  }

  /**
   * Adds a route. With no method list it answers every method the router supports; with
   * an empty list only HEAD and OPTIONS (and GET with the default router).
   * The first route pipes routing and dispatch, unless either is in the pipeline already.
   *
   * @param path - the path pattern, such as `/user/{id}`
   * @param middleware - what runs when the route matches; a function's request knows the
   *   path's parameter names ({@link RouteMiddleware})
   * @param methods - the methods it answers; leave out for every method
   * @param name - its name for {@link Application.generateUri}; derived from path and methods by default
   * @returns the route, for `setOptions()`
   * @example
   * ```ts
   * const app = createApplication();
   * app.route(
   *   '/user/{id}',
   *   (request) => json({ id: request.param('id') }),
   *   ['GET', 'PUT'],
   *   'user',
   * )
   *   .setOptions({ tokens: { id: '[1-9]\\d{0,14}' } });
   * console.log(app.generateUri('user', { id: 42 })); // /user/42
   * ```
   */
  route<Path extends string>(
    path: Path,
    middleware: RouteMiddleware<Path>,
    methods?: readonly string[],
    name?: string,
  ): Route;
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
    const route = this.#routes.route(pathOrRoute, middleware, methods, name);
    this.#pipeline.routeAdded();
    return route;
  }

  /** Adds a GET route, named `path^GET` unless `name` is given; see {@link Application.route}. */
  get<Path extends string>(path: Path, middleware: RouteMiddleware<Path>, name?: string): Route {
    return this.route(path, middleware, ['GET'], name);
  }

  /** Adds a POST route, named `path^POST` unless `name` is given. */
  post<Path extends string>(path: Path, middleware: RouteMiddleware<Path>, name?: string): Route {
    return this.route(path, middleware, ['POST'], name);
  }

  /** Adds a PUT route, named `path^PUT` unless `name` is given. */
  put<Path extends string>(path: Path, middleware: RouteMiddleware<Path>, name?: string): Route {
    return this.route(path, middleware, ['PUT'], name);
  }

  /** Adds a PATCH route, named `path^PATCH` unless `name` is given. */
  patch<Path extends string>(path: Path, middleware: RouteMiddleware<Path>, name?: string): Route {
    return this.route(path, middleware, ['PATCH'], name);
  }

  /** Adds a DELETE route, named `path^DELETE` unless `name` is given. */
  delete<Path extends string>(path: Path, middleware: RouteMiddleware<Path>, name?: string): Route {
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

  /** The router's template of a named route's path, if it hands them out ({@link Router.uriTemplate}). */
  uriTemplate(name: string): UriTemplate | undefined {
    return this.router.uriTemplate?.(name);
  }

  /**
   * Serves the application over HTTP with its {@link ApplicationOptions.runner}: with
   * `serve` (node:http), on `options.port`, else the `PORT` environment variable, else
   * 8080, stopping cleanly on SIGINT and SIGTERM. First `ApplicationEvents.SERVER_STARTING`
   * lets services check what they need of the routes: a listener's error rejects, and the
   * server does not start. Once the returned server's `close()` has closed it,
   * `ApplicationEvents.SERVER_CLOSED` lets services release what they hold.
   *
   * @throws Error when the application was built with `new Application()` and no runner
   */
  run(options: ServeOptions = {}): Promise<RunningServer> {
    return runApplication(this, this.#runner, options);
  }
}
