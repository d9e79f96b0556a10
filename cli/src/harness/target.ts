import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInMemoryCatalogue } from '@hyperpipe/catalogue';
import type Database from 'better-sqlite3';
import { type Application, loadConfig } from 'hyperpipe';
import type { Config } from 'hyperpipe/config';
import { checkContext } from './context.ts';
import { fileHint, noFileHint } from './fileHints.ts';
import { CheckFailure, errorMessage } from './report.ts';
import { STARTUP_FAILURE } from './startupFailure.ts';
import { describeThrown, recordThrown } from './thrown.ts';

/** What every target's `src/app.ts` exports. */
export type CreateApp = (options?: {
  database?: Database.Database;
}) => Application | Promise<Application>;

const CONTRACT =
  'src/app.ts exports createApp(options?), which returns the application (or a promise of it)';

const opened: Database.Database[] = [];
let shared: Promise<Application> | undefined;
let startupHint: number | undefined;

/**
 * Names the hint that explains a `createApp()` that throws, for the checks of this file:
 * the hint about the step's wiring, where a configuration the application refuses is fixed.
 */
export function setStartupHint(hint: number | undefined): void {
  startupHint = hint;
}

/** Imports the target's `createApp`, failing the check with a report when it cannot. */
export async function loadCreateApp(target = checkContext().target): Promise<CreateApp> {
  const file = join(target, 'src/app.ts');
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new CheckFailure({
      summary: STARTUP_FAILURE.notLoaded,
      expected: [CONTRACT],
      received: [`importing ${file} failed: ${errorMessage(error)}`],
    });
  }
  if (typeof module.createApp !== 'function') {
    throw new CheckFailure({
      summary: STARTUP_FAILURE.noCreateApp,
      expected: [CONTRACT],
      received: [`exports: ${Object.keys(module).join(', ') || 'none'}`],
    });
  }
  const createApp = module.createApp as CreateApp;
  // Every application built from the target records what it throws, whether the harness
  // built it or a check did (with a catalogue of its own): a 500 then says why.
  return async (options) => recordThrown(await createApp(options));
}

/**
 * Builds a new application from the target's `createApp`, with its own freshly seeded
 * in-memory catalogue (closed by {@link closeTargetApps}).
 */
export async function createTargetApp(): Promise<Application> {
  const createApp = await loadCreateApp();
  const database = createInMemoryCatalogue();
  opened.push(database);
  let app: Application;
  try {
    app = await createApp({ database });
  } catch (error) {
    // The hint the step's checks name for it (its wiring), else the rule of the file it was
    // thrown in; or, plainly, none.
    const [, where] = describeThrown(error, checkContext().target);
    const file = where?.replace(/^at /, '');
    const { step } = checkContext();
    const hint = startupHint ?? fileHint(step, file?.replace(/:\d+:\d+$/, '') ?? '');
    throw new CheckFailure({
      summary: STARTUP_FAILURE.threw,
      expected: [CONTRACT],
      received: [`createApp() threw: ${errorMessage(error)}`, ...(where ? [where] : [])],
      hint,
      noHint: hint === undefined ? noFileHint(step, file) : undefined,
    });
  }
  if (typeof (app as Partial<Application> | undefined)?.handle !== 'function') {
    throw new CheckFailure({
      summary: STARTUP_FAILURE.noApplication,
      expected: [CONTRACT],
      received: [`createApp() returned ${String(app)}`],
    });
  }
  return app;
}

/** The application the checks of one file share, built on first use. */
export function targetApp(): Promise<Application> {
  shared ??= createTargetApp();
  return shared;
}

/** Closes the catalogues of the applications built so far, and forgets the shared one. */
export function closeTargetApps(): void {
  for (const database of opened.splice(0)) database.close();
  shared = undefined;
}

/** The target's folder of configuration files. */
export function targetConfigFolder(): string {
  return join(checkContext().target, 'config/autoload');
}

/** The target's configuration, merged as the application sees it (`*.global.*`, then `*.local.*`). */
export async function readTargetConfig(): Promise<Config> {
  const folder = targetConfigFolder();
  if (!(await stat(folder).catch(() => undefined))?.isDirectory()) {
    throw new CheckFailure({
      summary: 'config/autoload is missing',
      expected: ['configuration files in config/autoload, such as routes.global.ts'],
      received: [`no folder ${folder}`],
    });
  }
  try {
    return await loadConfig(folder);
  } catch (error) {
    throw new CheckFailure({
      summary: 'config/autoload could not be loaded',
      expected: ['each config/autoload/*.global.ts exports an object as default'],
      received: [errorMessage(error)],
    });
  }
}

const LOCAL_CONFIG = /^check-(\d+)\.local\.json$/;

/** Whether a process with this id is running (one we may not signal still counts). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Removes the `check-<pid>.local.json` files that {@link withLocalConfig} left in `folder`
 * (the target's config/autoload by default) when its process was killed before it could
 * clean up, such as by Ctrl-C: left there, they would change the configuration of every later
 * check. Files of processes still running are theirs and stay. Returns the names removed.
 */
export async function removeStaleLocalConfigs(folder = targetConfigFolder()): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return []; // no config/autoload: nothing left behind
  }
  const stale = names.filter((name) => {
    const pid = Number(LOCAL_CONFIG.exec(name)?.[1]);
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && !isRunning(pid);
  });
  await Promise.all(stale.map((name) => rm(join(folder, name), { force: true })));
  return stale;
}

/**
 * Runs `body` while a temporary `check-<pid>.local.json` holding `config` sits in the
 * target's config/autoload, so applications built meanwhile merge it over the global
 * files. The file is removed afterwards, whatever happens; `*.local.*` files are
 * gitignored, so it cannot be committed even if the process dies first, and the next check
 * run removes it ({@link removeStaleLocalConfigs}).
 */
export async function withLocalConfig<T>(config: Config, body: () => Promise<T>): Promise<T> {
  const folder = targetConfigFolder();
  await removeStaleLocalConfigs(folder);
  const file = join(folder, `check-${process.pid}.local.json`);
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`);
  try {
    return await body();
  } finally {
    await rm(file, { force: true });
  }
}
