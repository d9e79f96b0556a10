import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests whose verdict does not depend on the Node.js line that runs them: each step's checks
 * against its solution, starter and lesson mutants (whether a check sees a mistake; the harness
 * that runs them is tested on every line), the documentation site (typedoc's HTML, read as files
 * and in Chromium) and the HAL explorer in Chromium. `npm test` runs them with the rest; CI runs
 * them on the pinned Node 24 only, and everything else on Node 22, 24 and 26 (`.ci/run`).
 * vitest starts the projects' files in the order of the projects' names: `once` first, so the
 * longest file (the steps' checks, two minutes) does not start last and run on alone.
 */
const ONCE = [
  'cli/test/stepChecks.test.ts',
  'framework/test/docs/layout.test.ts',
  'framework/test/docs/links.test.ts',
  'framework/test/docs/search.test.ts',
  'framework/test/docs/site.test.ts',
  'conference/test/explorer.test.ts',
];

export default defineConfig({
  test: {
    // Many tests start real processes (servers, vitest itself, the workshop command); on a
    // loaded 2-core machine one can take well over 20 s without anything being wrong.
    testTimeout: 60_000,
    // vitest keeps a core free, which leaves one worker on two cores and the files one after
    // another. Many files wait on processes they started; with two workers the whole suite
    // took 406-462 s on two cores, against 470 s with one (the suite is mostly CPU-bound).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each file in a thread rather than a process of its own: the suite's 169 files spend
    // about a third less CPU on starting (framework/test/rest, hal, negotiation, versioning,
    // router and container: 18.3 CPU-seconds in forks, 12.0 in threads).
    pool: 'threads',
    // Kills, at the end of the run, the servers, redis-servers and browsers that tests started and
    // a worker killed mid-test left running (framework/test/support/ownProcess.ts).
    globalSetup: ['framework/test/support/killOwnedProcesses.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'per-node-line',
          include: [
            'framework/test/**/*.test.ts',
            'catalogue/test/**/*.test.ts',
            'conference/test/**/*.test.ts',
            'cli/test/**/*.test.ts',
            'examples/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...ONCE],
        },
      },
      { extends: true, test: { name: 'once', include: ONCE } },
    ],
  },
});
