import { isMap } from '../config/mergeConfig.ts';
import type { Container } from '../container/Container.ts';
import type { EventManager } from '../events/EventManager.ts';
import type { ErrorLogger } from '../http/ErrorLogger.ts';
import type { Middleware } from '../middleware/Middleware.ts';
import { Route } from '../router/Route.ts';
import type { RouteOptions } from '../router/RouteOptions.ts';
import type { Router } from '../router/Router.ts';
import { Application } from './Application.ts';
import type { RouteGuard } from './DispatchMiddleware.ts';
import type { Runner } from './Runner.ts';

// Registered symbols: a configuration file that reaches this module through another copy
// of the package (another path, another bundle) still gets the very same constants.
const ROUTING_MIDDLEWARE: PipelineConstant = Symbol.for(
  'hyperpipe.ApplicationFactory.ROUTING_MIDDLEWARE',
);
const DISPATCH_MIDDLEWARE: PipelineConstant = Symbol.for(
  'hyperpipe.ApplicationFactory.DISPATCH_MIDDLEWARE',
);

/**
 * The routing or dispatch constant of {@link ApplicationFactory}: a symbol, so no service name can clash with it.
 * @category Container and configuration
 */
export type PipelineConstant = symbol;

/**
 * Middleware in configuration: anything `pipe()` takes, where the two constants may stand too.
 * @category Container and configuration
 */
export type ConfiguredMiddleware = Middleware | PipelineConstant | readonly ConfiguredMiddleware[];

/**
 * One entry of `middleware_pipeline`.
 * @category Container and configuration
 */
export interface PipelineEntryConfig {
  /** The middleware, a service name, or a list of them (a nested pipeline). */
  middleware: ConfiguredMiddleware;
  /** A literal path prefix. */
  path?: string;
  /** Marks error middleware. */
  error?: boolean;
  /** Higher runs earlier; default 1. */
  priority?: number;
}

/**
 * One entry of `routes`.
 * @category Container and configuration
 */
export interface RouteConfig {
  /** The path pattern, with `{name}` placeholders. */
  path: string;
  /** The middleware, or a service name. */
  middleware: Middleware;
  /** The methods; leave out for any method. */
  allowed_methods?: readonly string[];
  /** Options for the router, such as `tokens`. */
  options?: RouteOptions;
  /** The route name; derived from path and methods when left out. */
  name?: string;
}

/**
 * The configuration keys {@link ApplicationFactory} reads from the `config` service.
 * @category Container and configuration
 */
export interface ApplicationConfig {
  /** Show error details in 500 answers. */
  debug?: boolean;
  /** The routes. */
  routes?: readonly RouteConfig[];
  /** The pipeline: a list, or a map whose keys only help files override one another. */
  middleware_pipeline?:
    | readonly (PipelineEntryConfig | PipelineConstant)[]
    | Readonly<Record<string, PipelineEntryConfig | PipelineConstant>>;
}

const VALID_ENTRY =
  'A valid entry looks like { middleware: <function | service name | list>, path?: "/prefix", ' +
  'error?: boolean, priority?: number }, or is ApplicationFactory.ROUTING_MIDDLEWARE or ' +
  'ApplicationFactory.DISPATCH_MIDDLEWARE.';
const VALID_ROUTE =
  'A valid route looks like { path: "/user/{id}", middleware: <function | service name>, ' +
  'allowed_methods?: ["GET"], options?: { tokens: { id: "[1-9]\\\\d{0,14}" } }, name?: "user" }.';

/**
 * Builds the `Application` service from the container's `config` service: its
 * `middleware_pipeline` first, then its `routes`. The router comes from a `Router` service
 * when there is one, the events from an `EventManager` service (so listeners attached to it
 * hear the application's events), errors are logged through an `ErrorLogger` service,
 * `app.run()` serves with a `Runner` service, and a `RouteGuard` service checks each routed
 * request before its route's middleware runs, each when there is one.
 *
 * Without a `middleware_pipeline`, the first route pipes routing and dispatch. With one,
 * the pipeline must place them itself, with the two constants below, because only the
 * configuration knows which middleware belongs before routing and which after.
 *
 * @example
 * ```ts
 * const container = createContainer({
 *   middleware_pipeline: [
 *     { middleware: ApplicationFactory.ROUTING_MIDDLEWARE },
 *     { middleware: ApplicationFactory.DISPATCH_MIDDLEWARE },
 *     { middleware: 'ProblemMiddleware', error: true, priority: -100 },
 *   ],
 *   routes: [
 *     { path: '/ping', middleware: 'PingHandler', allowed_methods: ['GET'] },
 *   ],
 *   dependencies: {
 *     invokables: {
 *       PingHandler: class {
 *         process() {
 *           return json({ ack: true });
 *         }
 *       },
 *     },
 *     factories: { ProblemMiddleware: () => new ProblemMiddleware() },
 *   },
 * });
 * const app = container.get(Application); // built by ApplicationFactory
 * ```
 * @see The framework guide:
 * [configuration and the container](../../../docs/framework.md#configuration-and-the-container)
 * @category Container and configuration
 */
export function ApplicationFactory(container: Container): Application {
  const config = (container.has('config') ? container.get('config') : {}) as ApplicationConfig;
  const app = new Application({
    container,
    router: container.has('Router') ? (container.get('Router') as Router) : undefined,
    onError: container.has('ErrorLogger')
      ? (container.get('ErrorLogger') as ErrorLogger)
      : undefined,
    events: container.has('EventManager')
      ? (container.get('EventManager') as EventManager)
      : undefined,
    debug: config.debug === true,
    runner: container.has('Runner') ? runnerOf(container.get('Runner')) : undefined,
  });
  const pipeline = entriesOf(config.middleware_pipeline);
  for (const [key, entry] of pipeline) pipeEntry(app, key, entry);
  const routes = config.routes ?? [];
  if (!Array.isArray(routes)) throw new Error(`"routes" must be a list. ${VALID_ROUTE}`);
  if (
    pipeline.length > 0 &&
    routes.length > 0 &&
    !(app.hasRoutingMiddleware && app.hasDispatchMiddleware)
  ) {
    const missing = app.hasRoutingMiddleware ? 'DISPATCH_MIDDLEWARE' : 'ROUTING_MIDDLEWARE';
    throw new Error(
      `Routes are configured, but middleware_pipeline has no ApplicationFactory.${missing}; ` +
        'add ApplicationFactory.ROUTING_MIDDLEWARE and ApplicationFactory.DISPATCH_MIDDLEWARE where the request should be routed (priority 1).',
    );
  }
  routes.forEach((config, index) => {
    const route = toRoute(config, index);
    try {
      app.route(route); // the router refuses a duplicate, or an option it does not read
    } catch (cause) {
      throw invalidRoute(index, (cause as Error).message);
    }
  });
  // A check before every route's middleware, when the container has one: the authentication
  // factories' refuses requests that authorization, though configured, never judged.
  const guard = container.has('RouteGuard')
    ? (container.get('RouteGuard') as RouteGuard | null)
    : null;
  if (guard) app.dispatchMiddleware.guard(guard);
  return app;
}

/** Stands in the pipeline for the routing middleware. */
ApplicationFactory.ROUTING_MIDDLEWARE = ROUTING_MIDDLEWARE;
/** Stands in the pipeline for the dispatch middleware. */
ApplicationFactory.DISPATCH_MIDDLEWARE = DISPATCH_MIDDLEWARE;

function entriesOf(pipeline: ApplicationConfig['middleware_pipeline']): [string, unknown][] {
  if (pipeline === undefined) return [];
  if (Array.isArray(pipeline)) return pipeline.map((entry, index) => [`#${index}`, entry]);
  if (isMap(pipeline)) return Object.entries(pipeline);
  throw new Error(`"middleware_pipeline" must be a list or a map of entries. ${VALID_ENTRY}`);
}

function pipeEntry(app: Application, key: string, entry: unknown): void {
  if (entry === ROUTING_MIDDLEWARE || entry === DISPATCH_MIDDLEWARE) {
    app.pipe(expand(app, entry));
    return;
  }
  const fail = (problem: string) =>
    new Error(`Invalid middleware_pipeline entry ${key}: ${sentence(problem)} ${VALID_ENTRY}`);
  if (!isMap(entry)) throw fail('it is not an object');
  const { middleware, path, error, priority, ...unknown } = entry as Record<string, unknown>;
  if (middleware === undefined || middleware === null) throw fail('"middleware" is missing');
  if (path !== undefined && typeof path !== 'string') throw fail('"path" must be a string');
  if (error !== undefined && typeof error !== 'boolean')
    throw fail('"error" must be true or false');
  if (priority !== undefined && typeof priority !== 'number')
    throw fail('"priority" must be a number');
  const extra = Object.keys(unknown);
  if (extra.length > 0) throw fail(`unknown key "${extra[0]}"`);
  try {
    app.pipe(path ?? '/', expand(app, middleware as ConfiguredMiddleware), { error, priority });
  } catch (cause) {
    throw fail((cause as Error).message);
  }
}

/** Replaces the two constants, also inside lists, with the application's own middleware. */
function expand(app: Application, middleware: ConfiguredMiddleware): Middleware {
  if (middleware === ROUTING_MIDDLEWARE) return app.routingMiddleware;
  if (middleware === DISPATCH_MIDDLEWARE) return app.dispatchMiddleware;
  if (Array.isArray(middleware)) return middleware.map((item) => expand(app, item));
  return middleware as Middleware;
}

function invalidRoute(index: number, problem: string): Error {
  return new Error(`Invalid route #${index}: ${sentence(problem)} ${VALID_ROUTE}`);
}

function toRoute(config: unknown, index: number): Route {
  const fail = (problem: string) => invalidRoute(index, problem);
  if (!isMap(config)) throw fail('it is not an object');
  const {
    path,
    middleware,
    allowed_methods: methods,
    options,
    name,
    ...unknown
  } = config as Record<string, unknown>;
  if (typeof path !== 'string') throw fail('"path" must be a string');
  if (middleware === undefined || middleware === null) throw fail('"middleware" is missing');
  if (
    methods !== undefined &&
    !(Array.isArray(methods) && methods.every((m) => typeof m === 'string'))
  ) {
    throw fail('"allowed_methods" must be a list of method names');
  }
  if (options !== undefined && !isMap(options)) throw fail('"options" must be an object');
  if (name !== undefined && typeof name !== 'string') throw fail('"name" must be a string');
  const extra = Object.keys(unknown);
  if (extra.length > 0) throw fail(`unknown key "${extra[0]}"`);
  try {
    const route = new Route(path, middleware as Middleware, methods as string[] | undefined, name);
    return options ? route.setOptions(options as RouteOptions) : route;
  } catch (cause) {
    throw fail((cause as Error).message);
  }
}

/** Ends a problem with one period: those from `pipe()` or `Route` already have theirs. */
function sentence(problem: string): string {
  return problem.endsWith('.') ? problem : `${problem}.`;
}

/** The `Runner` service, refused at start-up unless it is a function, rather than at `run()`. */
function runnerOf(service: unknown): Runner {
  if (typeof service === 'function') return service as Runner;
  throw new Error(
    `The "Runner" service must be a function (handler, options) => Promise<RunningServer>, ` +
      `such as serve from 'hyperpipe/server'; it is ${typeof service}`,
  );
}
