import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import {
  Application,
  createContainer,
  loadConfig,
  registerConfiguredResources,
  type ServiceManager,
} from 'hyperpipe';

const CONFIG_FOLDER = fileURLToPath(new URL('../config/autoload', import.meta.url));

/** Options of {@link createConferenceApp}. */
export interface ConferenceAppOptions {
  /** Use this database instead of the configured file (the workshop's checks pass an in-memory copy). */
  database?: Database.Database;
  /** The configuration folder; `conference/config/autoload` by default. */
  configFolder?: string;
}

/**
 * The conference API: `config/autoload/*.global.ts`, then any `*.local.ts`, build the
 * container; the container's ApplicationFactory builds the application with its routes
 * and pipeline; the `rest` configuration adds the speaker and talk resources.
 */
export async function createConferenceApp(
  options: ConferenceAppOptions = {},
): Promise<Application> {
  const container: ServiceManager = createContainer(
    await loadConfig(options.configFolder ?? CONFIG_FOLDER),
  );
  if (options.database) container.setService('Database', options.database);
  const app = container.get(Application);
  registerConfiguredResources(app, container);
  return app;
}
