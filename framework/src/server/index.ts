/**
 * `hyperpipe/server`: serving an application over `node:http`. {@link serve} turns Node's
 * requests into fetch `Request`s for the application and writes its answers back;
 * `Application.run` calls it for you.
 *
 * @packageDocumentation
 */

export { type FetchHandler, type RunningServer, type ServeOptions, serve } from './serve.ts';
