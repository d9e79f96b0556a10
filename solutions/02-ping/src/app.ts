import type Database from 'better-sqlite3';
import { type Application, createApplication, json, text } from 'hyperpipe';

/** What the workshop passes to createApp; later steps read the conference catalogue from it. */
export interface AppOptions {
  /** The conference catalogue; the checks pass a fresh in-memory copy. */
  database?: Database.Database;
}

/** Builds the application. */
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
