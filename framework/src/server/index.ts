/**
 * `hyperpipe/server`: serving an application over `node:http`. {@link serve} turns Node's
 * requests into fetch `Request`s for the application and writes its answers back;
 * `Application.run` calls it for you, and triggers {@link ApplicationEvents.SERVER_CLOSED}
 * once the server it started has closed.
 *
 * @packageDocumentation
 */

export { ApplicationEvents } from '../application/ApplicationEvents.ts';
export type { Runner } from '../application/Runner.ts';
export { type FetchHandler, type RunningServer, type ServeOptions, serve } from './serve.ts';
