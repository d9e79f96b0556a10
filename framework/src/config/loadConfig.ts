import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Config, isMap, mergeConfig } from './mergeConfig.ts';

const EXTENSIONS = '(ts|mts|js|mjs|json)';
const GLOBAL = new RegExp(`\\.global\\.${EXTENSIONS}$`);
const LOCAL = new RegExp(`\\.local\\.${EXTENSIONS}$`);

/**
 * Loads and merges the configuration files of a folder, usually `config/autoload`:
 * first every `*.global.*` file, then every `*.local.*` file, each group in name order.
 * Global files hold what every environment shares and live in the repository; local
 * files override them per machine, hold credentials, and are kept out of git.
 *
 * A `.json` file holds the configuration object; a module exports it as default.
 *
 * @param folder - the folder of the configuration files
 *
 * @example
 * ```ts
 * // config/autoload/routes.global.ts, then config/autoload/database.local.ts
 * const config = await loadConfig('config/autoload');
 * const app = createContainer(config).get(Application);
 * ```
 *
 * @category Container and configuration
 */
export async function loadConfig(folder: string): Promise<Config> {
  const names = (await readdir(folder)).sort();
  const files = [
    ...names.filter((name) => GLOBAL.test(name)),
    ...names.filter((name) => LOCAL.test(name)),
  ];
  let config: Config = {};
  for (const name of files) config = mergeConfig(config, await readConfigFile(join(folder, name)));
  return config;
}

async function readConfigFile(path: string): Promise<Config> {
  const value = path.endsWith('.json')
    ? JSON.parse(await readFile(path, 'utf8'))
    : ((await import(pathToFileURL(path).href)) as { default?: unknown }).default;
  if (!isMap(value)) {
    throw new Error(
      `Configuration file ${path} must ${path.endsWith('.json') ? 'hold' : 'export as default'} an object`,
    );
  }
  return value;
}
