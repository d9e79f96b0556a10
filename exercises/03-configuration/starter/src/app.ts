import type Database from 'better-sqlite3';
import { type Application, createApplication, json, text } from 'hyperpipe';

// TODO: build the application from configuration. The code in this comment is given
// (README.md: "Given: the application from configuration" says what it does and why):
// once your routes and services are configured, replace this file's two imports and its
// createApp with it, uncommented. AppOptions stays.
//
// import { fileURLToPath } from 'node:url';
// import type Database from 'better-sqlite3';
// import { Application, createContainer, loadConfig } from 'hyperpipe';
//
// // Found from this file, not from the working directory, so the server starts from any folder.
// const CONFIG_FOLDER = fileURLToPath(new URL('../config/autoload', import.meta.url));
//
// /** Builds the application from config/autoload: the container makes it, with the `routes`. */
// export async function createApp(_options: AppOptions = {}): Promise<Application> {
//   const container = createContainer(await loadConfig(CONFIG_FOLDER));
//   return container.get(Application);
// }

/** What the workshop passes to createApp; later steps read the conference catalogue from it. */
export interface AppOptions {
  /** The conference catalogue; the checks pass a fresh in-memory copy. */
  database?: Database.Database;
}

/**
 * Builds the application from code, as in step 02. Its routes move to
 * config/autoload/routes.global.ts, and their handlers, ready in src/handlers/, become
 * services in config/autoload/dependencies.global.ts.
 */
export function createApp(_options: AppOptions = {}): Application {
  const app = createApplication();

  // A route binds a path and a method to middleware. Adding the first one also pipes the
  // routing and dispatch middleware, so the application can answer straight away.
  app.get('/', (_request, response) => text('Hello from Hyperpipe!', response));

  // json() serialises the data and sets Content-Type: application/json.
  app.get('/ping', () => json({ ack: Math.floor(Date.now() / 1000) }));

  // Middleware may also write to the response prototype's body, then turn it into the answer.
  app.post('/post', (_request, response) => {
    response.headers.set('content-type', 'text/plain; charset=utf-8');
    return response.write('IN POST!').toResponse();
  });

  // Nothing to write for 405: the router knows /ping takes only GET, and answers
  // DELETE /ping with 405 Method Not Allowed and `Allow: GET,HEAD`.
  return app;
}
