import type { Server } from 'node:http';
import type { EventManager } from '../events/EventManager.ts';
import { ApplicationEvents } from './ApplicationEvents.ts';

/*
 * What `app.run()` needs from a server, declared where the application is, so the core
 * holds no server: `createApplication()` and `createContainer()` hand the application
 * `serve` (node:http, `hyperpipe/server`), as Mezzio's factory hands its application a
 * request handler runner. Another runtime's server fits the same {@link Runner} type.
 */

/**
 * Anything with a fetch-style entry point, such as an {@link Application}.
 *
 * @category HTTP
 */
export interface FetchHandler {
  /**
   * Answers a WHATWG request.
   */
  fetch(request: Request): Promise<Response>;
}

/**
 * Options of `serve` and {@link Application.run}.
 *
 * @category HTTP
 */
export interface ServeOptions {
  /** The port; else the `PORT` environment variable, else 8080. 0 picks a free port. */
  port?: number | undefined;
  /**
   * The address to listen on; else the `HOST` environment variable, else `127.0.0.1`, so
   * that a server on a laptop is reachable from that laptop only. `0.0.0.0` listens on
   * every interface.
   */
  hostname?: string | undefined;
  /**
   * The origin clients reach the server at, such as `https://api.example.org`; else the
   * `PUBLIC_URL` environment variable. When set, every request URL, and so every link the
   * application builds from it, starts with it whatever `Host` the client sent. Unset, links
   * name the `Host` of each request, which suits a workshop but lets a client choose them.
   */
  publicUrl?: string | undefined;
  /** Close the server and exit on SIGINT and SIGTERM (default true). */
  handleSignals?: boolean | undefined;
  /** How long open requests may take to finish when closing, in ms (default 5000). */
  closeTimeout?: number | undefined;
  /**
   * How long a client may take to send a request's headers, in ms (default 10000): a
   * connection that sends nothing, or headers a byte at a time, is closed after it.
   */
  headersTimeout?: number | undefined;
  /** How long a client may take to send a whole request, body included, in ms (default 30000). */
  requestTimeout?: number | undefined;
  /** How long a kept-alive connection may sit idle between requests, in ms (default 5000). */
  keepAliveTimeout?: number | undefined;
  /**
   * How many connections may be open at once (default 1000); the server refuses more, so
   * that idle clients cannot use up every file descriptor the process has.
   */
  maxConnections?: number | undefined;
  /**
   * How many of those one client address (an IPv6 one by its /64) may hold (default a
   * tenth of `maxConnections`, at least 10), so that one client cannot take them all.
   * Behind a reverse proxy every connection comes from the proxy: raise it to
   * `maxConnections`.
   */
  maxConnectionsPerAddress?: number | undefined;
}

/**
 * A server that is listening.
 *
 * @category HTTP
 */
export interface RunningServer {
  /** The node:http server. */
  readonly server: Server;
  /** The port it listens on (useful with port 0). */
  readonly port: number;
  /** Its base URL, such as `http://localhost:8080` (`localhost` unless a hostname was chosen). */
  readonly url: string;
  /** Stops accepting connections, lets open requests finish, and resolves when closed. */
  close(): Promise<void>;
}

/**
 * A server for {@link Application.run}: serves the handler and resolves once listening.
 * @category HTTP
 */
export type Runner = (handler: FetchHandler, options?: ServeOptions) => Promise<RunningServer>;

/**
 * What `app.run()` does: triggers `ApplicationEvents.SERVER_STARTING` (a listener's error
 * rejects, and no server starts), serves the application with its runner, and gives back a
 * server whose `close()` then triggers `ApplicationEvents.SERVER_CLOSED`, so that what
 * services hold open, such as a shared store's connection, does not keep the process alive.
 * Here, beside the runner it wraps, rather than in `Application`, which only delegates.
 *
 * @param application - the application, its `events` and its `fetch`
 * @param runner - its runner; `undefined` for an application built with `new Application()`
 */
export function runApplication(
  application: FetchHandler & { readonly events: EventManager },
  runner: Runner | undefined,
  options: ServeOptions,
): Promise<RunningServer> {
  if (runner === undefined) {
    throw new Error(
      'This application has no server to run on. Build it with createApplication() or the ' +
        "container, or pass { runner: serve } (from 'hyperpipe/server') to new Application().",
    );
  }
  const { events } = application;
  return events
    .trigger(ApplicationEvents.SERVER_STARTING, application)
    .then(() => runner(application, options))
    .then((server) => ({
      ...server,
      close: () =>
        server.close().then(() => events.trigger(ApplicationEvents.SERVER_CLOSED, application)),
    }));
}
