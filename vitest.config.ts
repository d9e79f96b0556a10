import { availableParallelism } from 'node:os';
import { relative, sep } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Tests whose verdict does not depend on the Node.js line that runs them: each step's checks
 * against its solution, starter and lesson mutants (whether a check sees a mistake; the harness
 * that runs them is tested on every line), the documentation site (typedoc's HTML, read as files
 * and in Chromium) and the HAL explorer in Chromium. `npm test` runs them with the rest; CI runs
 * them on the pinned Node 24 only, and everything else (the `per-node-line` projects) on Node 22,
 * 24 and 26 (`.ci/run`).
 * `OnceFirst` starts them first, so the longest file (the steps' checks, two minutes) does not
 * start last and run on alone.
 */
const ONCE = [
  'cli/test/stepChecks.test.ts',
  'conference/test/explorer.test.ts',
  'framework/test/docs/layout.test.ts',
  'framework/test/docs/links.test.ts',
  'framework/test/docs/search.test.ts',
  'framework/test/docs/site.test.ts',
];

/**
 * The `once` files first, in ONCE's order (the longest first), then the rest in vitest's own
 * order: by their last durations, or by size where it has none (a fresh clone). In vitest's
 * order the steps' checks (the longest file, two minutes) started 46 s in, after both browser
 * files.
 */
class OnceFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const place = (file: TestSpecification) => {
      const index = ONCE.indexOf(
        relative(import.meta.dirname, file.moduleId)
          .split(sep)
          .join('/'),
      );
      return index === -1 ? ONCE.length : index;
    };
    // A stable sort: the rest keep vitest's order.
    return (await super.sort(files)).sort((a, b) => place(a) - place(b));
  }
}

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
    sequence: { sequencer: OnceFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'per-node-line',
          include: [
            'catalogue/test/**/*.test.ts',
            'conference/test/**/*.test.ts',
            'cli/test/**/*.test.ts',
            'examples/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...ONCE],
        },
      },
      {
        extends: true,
        test: {
          name: 'per-node-line:framework',
          include: ['framework/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ONCE],
          // The framework's tests share their worker's modules rather than load them again
          // for each file: 80 CPU-s instead of 124 on two cores. What one file leaves behind
          // changes no other's verdict (they passed in two shuffled orders too,
          // `--sequence.shuffle.files`; a server started in the worker replaces the global
          // Response, which two tests allow for). The conference's tests do depend on
          // isolation, and keep it.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'once', include: ONCE } },
    ],
  },
});
