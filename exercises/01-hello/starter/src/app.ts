import type Database from 'better-sqlite3';
import { type Application, createApplication } from 'hyperpipe';

/** What the workshop passes to createApp; later steps read the conference catalogue from it. */
export interface AppOptions {
  /** The conference catalogue; the checks pass a fresh in-memory copy. */
  database?: Database.Database;
}

/** Builds the application. */
export function createApp(_options: AppOptions = {}): Application {
  const app = createApplication();

  // TODO: answer GET / with a plain-text greeting that says hello, such as
  // "Hello from Hyperpipe!". Register a route with app.get(path, middleware).

  return app;
}
