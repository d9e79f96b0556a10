import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The steps' checks, run against one target: `runChecks()` (and so `npm run check`) sets
// WORKSHOP_TARGET, the absolute folder of the project checked; WORKSHOP_URL, a live
// server to check instead of the in-process application; WORKSHOP_STEP, the step folder.
const target = process.env.WORKSHOP_TARGET;
if (!target || !isAbsolute(target)) {
  throw new Error(
    'WORKSHOP_TARGET must be the absolute folder of the project to check, such as ' +
      '/path/to/repo/workspace. Run checks with `npm run check`.',
  );
}
const step = process.env.WORKSHOP_STEP ?? '';
const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  test: {
    // Each step's checks. The type-check every step gets runs beside them, in the reporter
    // (processReporter.ts) or the warm checker (warmChecks.ts), not in a worker of its own.
    include: ['exercises/**/*.check.ts'],
    setupFiles: ['cli/src/harness/setup.ts'],
    env: {
      WORKSHOP_TARGET: target,
      WORKSHOP_URL: process.env.WORKSHOP_URL ?? '',
      WORKSHOP_STEP: step,
    },
    // Threads, not forks: killing vitest then leaves no worker process behind.
    pool: 'threads',
    // A step has one check file: one worker.
    maxWorkers: 1,
    testTimeout: 15_000,
    // Transformed modules are cached on disk by content hash: about a third less work per run.
    experimental: { fsModuleCache: true },
    // The framework and the catalogue are loaded by Node itself, which strips their types, not
    // transformed and evaluated by vitest: a cold check of step 10 took about 0.6 s less CPU
    // (3.84 → 3.23 s, medians of four). Except two modules, which vitest keeps: loadConfig.ts
    // imports the learner's configuration files, which a warm run must load afresh (Node never
    // loads a module twice), and index.ts, the one module that imports it. Nothing Node loads
    // imports either, so the framework stays one copy.
    server: {
      deps: {
        external: [
          sourcesOf('hyperpipe', ['index.ts', 'config/loadConfig.ts']),
          sourcesOf('@hyperpipe/catalogue'),
        ],
      },
    },
  },
});

/**
 * The modules of one of the repository's packages but `except`, by their paths as vite names
 * them: where the package really is (a copy of the repository may link to another's).
 */
function sourcesOf(name: string, except: string[] = []): RegExp {
  // Its main module is src/index.ts.
  const main = createRequire(import.meta.url).resolve(name);
  const folder = dirname(realpathSync(main)).replaceAll('\\', '/');
  const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const kept = except.map((file) => `${literally(file)}$`).join('|');
  return new RegExp(`^${literally(`${folder}/`)}${kept ? `(?!${kept})` : ''}`);
}
