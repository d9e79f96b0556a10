import { fileURLToPath } from 'node:url';
import { Application, createContainer, loadConfig } from 'hyperpipe';

const CONFIG_FOLDER = fileURLToPath(new URL('./config/autoload', import.meta.url));

/**
 * The configuration-driven example: routes, pipeline and services come from
 * `config/autoload/*.global.ts` (and an optional, uncommitted `*.local.ts`), and the
 * container's ApplicationFactory builds the application from them.
 */
export async function createApiApp(folder: string = CONFIG_FOLDER): Promise<Application> {
  const container = createContainer(await loadConfig(folder));
  return container.get(Application);
}
