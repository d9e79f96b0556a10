import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { Application, createContainer, loadConfig } from 'hyperpipe';

const CONFIG_FOLDER = fileURLToPath(new URL('../config/autoload', import.meta.url));

/** What the workshop passes to createApp: the checks pass their own copy of the catalogue. */
export interface AppOptions {
  /** The conference catalogue; the checks pass a fresh in-memory copy. */
  database?: Database.Database;
}

/**
 * Builds the application from configuration: the files in config/autoload (`*.global.ts`,
 * then any `*.local.*`) make the container, and the container's ApplicationFactory makes
 * the application, with the routes of the `routes` key.
 */
export async function createApp(options: AppOptions = {}): Promise<Application> {
  const container = createContainer(await loadConfig(CONFIG_FOLDER));
  // A database handed in replaces the configured file: the Database factory never runs.
  if (options.database) container.setService('Database', options.database);
  return container.get(Application);
}
