/**
 * The names of the application's own events, triggered on `Application.events`; imported
 * from `hyperpipe/server`.
 *
 * @example
 * ```ts
 * import { createApplication } from 'hyperpipe';
 * import { ApplicationEvents } from 'hyperpipe/server';
 *
 * const app = createApplication();
 * const heartbeat = setInterval(() => console.log('alive'), 60_000);
 * // Stopped once the server has closed: the process can then end.
 * app.events.on(ApplicationEvents.SERVER_CLOSED, () => clearInterval(heartbeat));
 * const server = await app.run({ port: 0 });
 * await server.close();
 * ```
 *
 * @category Application
 */
export const ApplicationEvents = {
  /**
   * `run()` is about to start the server, with every route added. A listener that throws
   * stops the start: `run()` rejects with its error and nothing listens. Services check
   * here what only the routes can tell, such as authorization rules that name a route, so
   * that a mistake stops the start rather than answer 500 to every request.
   */
  SERVER_STARTING: 'server.starting',
  /**
   * The server `run()` started has closed its connections. Listeners release what the
   * application's services hold open, such as a connection to a shared store, which would
   * otherwise keep the process alive after `close()`.
   */
  SERVER_CLOSED: 'server.closed',
} as const;
