import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { Application, createContainer, loadConfig, type ServiceManager } from 'hyperpipe';
import { AuthEvents } from 'hyperpipe/auth';
import { mergeConfig } from 'hyperpipe/config';
import { registerConfiguredResources } from 'hyperpipe/rest';
import { onlyEditorsDelete } from './auth/onlyEditorsDelete.ts';

const CONFIG_FOLDER = fileURLToPath(new URL('../config/autoload', import.meta.url));

/** Options of {@link createConferenceApp}. */
export interface ConferenceAppOptions {
  /** Use this database instead of the configured file (the workshop's checks pass an in-memory copy). */
  database?: Database.Database;
  /** The configuration folder; `conference/config/autoload` by default. */
  configFolder?: string;
  /** The SQLite file of OAuth2 clients and tokens instead of the configured one (`:memory:` in tests). */
  tokenDatabase?: string;
}

/**
 * The conference API: `config/autoload/*.global.ts`, then any `*.local.ts`, build the
 * container; the container's ApplicationFactory builds the application with its routes
 * and pipeline; the `rest` configuration adds the speaker and talk resources; an
 * `authorization` listener keeps DELETE for editors. (A busy catalogue answers 503: see
 * `config/autoload/database.global.ts`.)
 */
export async function createConferenceApp(
  options: ConferenceAppOptions = {},
): Promise<Application> {
  let config = await loadConfig(options.configFolder ?? CONFIG_FOLDER);
  if (options.tokenDatabase !== undefined) {
    config = mergeConfig(config, {
      authentication: { oauth2: { database: options.tokenDatabase } },
    });
  }
  const container: ServiceManager = createContainer(config);
  if (options.database) container.setService('Database', options.database);
  const app = container.get(Application);
  registerConfiguredResources(app, container);
  app.events.on(AuthEvents.AUTHORIZATION, onlyEditorsDelete);
  return app;
}
