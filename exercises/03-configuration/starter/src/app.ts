import type Database from 'better-sqlite3';
import { type Application, createApplication, json, text } from 'hyperpipe';

/** What the workshop passes to createApp; later steps read the conference catalogue from it. */
export interface AppOptions {
  /** The conference catalogue; the checks pass a fresh in-memory copy. */
  database?: Database.Database;
}

/**
 * Builds the application.
 *
 * TODO: build it from configuration instead of code: the files of config/autoload make
 * a container, and the container makes the application. It must find config/autoload
 * whatever folder the server is started from. The routes below move to
 * config/autoload/routes.global.ts, and their handlers, ready in src/handlers/, become
 * services in config/autoload/dependencies.global.ts. createApp may return a promise.
 * README.md: "Configuration files" and "The container".
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
