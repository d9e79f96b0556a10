import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { Application, createContainer, loadConfig } from 'hyperpipe';

const CONFIG_FOLDER = fileURLToPath(new URL('../config/autoload', import.meta.url));

/** What the workshop passes to createApp; later steps read the conference catalogue from it. */
export interface AppOptions {
  /** The conference catalogue; the checks pass a fresh in-memory copy. */
  database?: Database.Database;
}

/**
 * Builds the application from configuration: the files in config/autoload (`*.global.ts`,
 * then any `*.local.*`) make the container, and the container's ApplicationFactory makes
 * the application, with the routes of the `routes` key.
 */
export async function createApp(_options: AppOptions = {}): Promise<Application> {
  const container = createContainer(await loadConfig(CONFIG_FOLDER));
  // TODO: a catalogue given in options.database (the checks give a fresh in-memory one)
  // becomes the container's Database service, ready-made, so that the Database factory of
  // dependencies.global.ts never opens the file (README, "What to do" 1; hint 1).
  return container.get(Application);
}
