import { readdir, readFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
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
 * @param folder - the folder of the configuration files. A relative folder is read from the
 *   process's working directory, not from the calling file: build it from `import.meta.url`
 *   so the application starts from any directory.
 * @throws Error naming the folder looked for when there is none
 *
 * @example
 * ```ts
 * import { fileURLToPath } from 'node:url';
 *
 * // src/app.ts reads ../config/autoload: routes.global.ts, then database.local.ts
 * const folder = fileURLToPath(new URL('../config/autoload', import.meta.url));
 * const app = createContainer(await loadConfig(folder)).get(Application);
 * ```
 *
 * @see The framework guide:
 * [configuration and the container](../../../docs/framework.md#configuration-and-the-container)
 * @category Container and configuration
 */
export async function loadConfig(folder: string): Promise<Config> {
  const names = (await readdir(folder).catch((error) => missingFolder(folder, error))).sort();
  const files = [
    ...names.filter((name) => GLOBAL.test(name)),
    ...names.filter((name) => LOCAL.test(name)),
  ];
  let config: Config = {};
  for (const name of files) config = mergeConfig(config, await readConfigFile(join(folder, name)));
  return config;
}

function missingFolder(folder: string, error: NodeJS.ErrnoException): never {
  if (error.code !== 'ENOENT' || isAbsolute(folder)) throw error;
  throw new Error(
    `No configuration folder at ${resolve(folder)}: the relative folder "${folder}" is read ` +
      `from the working directory, ${process.cwd()}. Build it from the calling file instead, ` +
      `such as fileURLToPath(new URL('../config/autoload', import.meta.url)) in src/app.ts.`,
    { cause: error },
  );
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
