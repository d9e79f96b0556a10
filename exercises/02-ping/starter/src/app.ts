import type Database from 'better-sqlite3';
import { type Application, createApplication, text } from 'hyperpipe';

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

  // TODO: GET /ping answers JSON { "ack": <the current Unix time, in whole seconds> },
  // next to GET /, which must still greet. README.md: "JSON answers".

  // TODO: POST /post answers plain text, written to the response prototype's body; the
  // client must be told it is plain text. README.md: "Writing to the response prototype".

  // TODO: once /ping exists, make sure DELETE /ping answers 405 Method Not Allowed with
  // `Allow: GET,HEAD`. README.md explains who writes that answer.

  return app;
}
