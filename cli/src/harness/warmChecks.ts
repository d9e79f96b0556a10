import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Vitest } from 'vitest/node';
import { wantsColour } from '../terminal.ts';
import type { ChecksRun, RunChecksOptions } from '../workshop/checksRun.ts';
import { findStep, loadManifest, type Step, stepDir } from '../workshop/manifest.ts';
import { REPO_ROOT } from '../workshop/paths.ts';
import { wrapHanging } from '../wrapHanging.ts';
import WorkshopReporter, { type ReportedCheck } from './reporter.ts';
import { checkTarget, pointedHint, runChecks, stepCheckFiles } from './runChecks.ts';
import { typeCheckChecks } from './typeCheckFailure.ts';
import { startTypeCheckThread, type TypeCheckThread } from './typeCheckThread.ts';
import { typeErrors } from './typecheck.ts';

const CONFIG = join(REPO_ROOT, 'cli/vitest.checks.config.ts');
const CANCEL_GRACE_MS = 2000;

/** One step's checks on one target, kept warm between runs. */
interface Checker {
  run(options: RunChecksOptions): Promise<ChecksRun>;
  /** Whether a run had to be stopped by ending its thread: vitest does not recover from that. */
  readonly spoiled: boolean;
  close(): Promise<void>;
}

/**
 * {@link runChecks}, but a run with `warm` set is done in this process, by a vitest kept
 * running between the runs of the same step on the same target: a check again after an edit
 * re-runs the step's check file, instead of starting vitest and its worker afresh (seconds).
 * The type-check runs beside each run: the native compiler for the first, then TypeScript's
 * builder kept in a thread (typeCheckThread.ts).
 * Every other run (json, url, the authors' verification) goes to a vitest process as before.
 * `close()` ends the warm vitest and the type-check's thread; the process does not end before.
 */
export function createWarmRunChecks(): WarmRunChecks {
  let current: { key: string; checker: Promise<Checker> } | undefined;
  const closeChecker = async (checker: Promise<Checker> | undefined) =>
    (await checker?.catch(() => undefined))?.close();
  const close = async () => {
    const closing = current?.checker;
    current = undefined;
    await closeChecker(closing);
  };
  const checkerFor = (options: Prepared): Promise<Checker> => {
    const step =
      typeof options.step === 'string' ? findStep(loadManifest(), options.step) : options.step;
    const target = realFolder(checkTarget(options.target, step));
    const colour =
      options.colour ?? (options.stdio === 'inherit' && wantsColour(process.stdout, process.env));
    const key = JSON.stringify([stepDir(step), target, colour]);
    if (current?.key !== key) {
      // Another step (a new check file) or target: a checker of its own, once the last is closed.
      // Set at once, so that a run asked for meanwhile waits for this checker, not a second one.
      const previous = current?.checker;
      const checker = closeChecker(previous).then(() => createChecker(step, target, colour));
      current = { key, checker };
      // One that failed to start is not kept: the next run tries again.
      checker.catch(() => {
        if (current?.checker === checker) current = undefined;
      });
    }
    return current.checker;
  };
  return {
    async runChecks(options) {
      if (!options.warm || options.json || options.url) return runChecks(options);
      const checker = await checkerFor(options);
      const result = await checker.run(options);
      if (checker.spoiled) await close(); // the next run gets a new checker
      return result;
    },
    prepare(options) {
      checkerFor(options).catch(() => undefined); // the check itself will say what is wrong
    },
    close,
  };
}

/** What decides which checker a run gets. */
type Prepared = Pick<RunChecksOptions, 'step' | 'target' | 'colour' | 'stdio'>;

/** What {@link createWarmRunChecks} returns. */
export interface WarmRunChecks {
  /** {@link runChecks}, warm for runs with `warm` set. */
  runChecks: typeof runChecks;
  /**
   * Starts a checker for these options' step and target ahead of their first run (vitest and
   * its worker), while the learner reads and edits: the first check is then warm.
   */
  prepare(options: Prepared): void;
  /** Ends the warm vitest and the type-check's thread. */
  close(): Promise<void>;
}

async function createChecker(step: Step, target: string, colour: boolean): Promise<Checker> {
  const [{ createVitest }, { keptWorkerPool }] = await Promise.all([
    import('vitest/node'),
    import('./keptWorkerPool.ts'),
  ]);
  let typeChecked: Promise<ReportedCheck[]> = Promise.resolve([]);
  let output = '';
  let onOutput: ((chunk: string) => void) | undefined;
  const write = (text: string) => {
    output += text;
    onOutput?.(text);
  };
  // vitest's own messages (an error outside any check) join the report.
  const sink = new Writable({
    write(chunk, _encoding, done) {
      write(String(chunk));
      done();
    },
  });
  const reporter = new WorkshopReporter({ colour, write, moreChecks: () => typeChecked });
  // cli/vitest.checks.config.ts reads what to check from the environment, as a vitest
  // process of its own would.
  process.env.WORKSHOP_TARGET = target;
  process.env.WORKSHOP_STEP = stepDir(step);
  delete process.env.WORKSHOP_URL;
  const pool = keptWorkerPool();
  const vitest: Vitest = await createVitest(
    'test',
    {
      config: CONFIG,
      root: REPO_ROOT,
      watch: false,
      reporters: [reporter],
      // The worker and the modules it loaded (vitest, the framework) stay from one run to
      // the next (with the pool below); the learner's own modules are loaded afresh each run
      // (see forgetModules).
      isolate: false,
      // A step has one check file, and the kept pool one thread.
      maxWorkers: 1,
      // The worker's colours (in vitest's diffs) follow the report's.
      env: colour ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' },
    },
    // Here rather than with the options above, where a pool object is not taken.
    { test: { pool } },
    { stdout: sink, stderr: sink },
  );
  const project = vitest.getRootProject();
  const specifications = stepCheckFiles(step).map((file) =>
    project.createSpecification(join(REPO_ROOT, file)),
  );
  let queue: Promise<unknown> = Promise.resolve();
  let spoiled = false;
  let keptTypes: TypeCheckThread | undefined;

  const runOnce = async (options: RunChecksOptions): Promise<ChecksRun> => {
    const started = performance.now();
    if (options.signal?.aborted) {
      return { passed: false, exitCode: 1, output: '', durationMs: 0, aborted: true };
    }
    output = '';
    onOutput =
      options.stdio === 'inherit'
        ? (chunk) => {
            process.stdout.write(forTerminal(chunk));
            options.onOutput?.(chunk);
          }
        : options.onOutput;
    forgetModules(vitest, target);
    // Beside the checks; the report waits for it.
    // As its files are now: by the kept thread once it has parsed the project, else by the
    // native compiler (0.2 s from scratch), or as the caller already knows it.
    typeChecked = typeCheckChecks(
      options.typeErrors ?? (keptTypes?.ready ? keptTypes.errors() : typeErrors(target)),
      stepDir(step),
    );
    // A cancelled run ends once its current check does. One that does not (the learner's code
    // loops forever) loses its thread after a grace period, and this checker with it.
    let stuck: NodeJS.Timeout | undefined;
    const cancel = () => {
      void vitest.cancelCurrentRun('keyboard-input');
      stuck = setTimeout(() => {
        spoiled = true;
        void pool.close();
      }, CANCEL_GRACE_MS);
    };
    options.signal?.addEventListener('abort', cancel, { once: true });
    try {
      await vitest.runTestSpecifications(specifications, true);
    } finally {
      options.signal?.removeEventListener('abort', cancel);
      clearTimeout(stuck);
    }
    const aborted = options.signal?.aborted === true;
    const passed = reporter.passed === true && !aborted;
    const durationMs = Math.round(performance.now() - started);
    const hint = passed ? undefined : pointedHint(output);
    const checks = reporter.checks;
    return { passed, exitCode: passed ? 0 : 1, output, durationMs, aborted, hint, checks };
  };

  return {
    get spoiled() {
      return spoiled;
    },
    run(options) {
      // One run at a time: each has its own output.
      const run = queue.then(() => runOnce(options));
      queue = run.catch(() => undefined);
      // A checker that has run once is likely to run again (`c` again, the next save): from
      // then on a kept type-check re-checks only what each edit can affect. A single
      // `npm run check` closes the checker at once, and the thread with it.
      const keepTypes = () => {
        if (!options.typeErrors) keptTypes ??= startTypeCheckThread(target);
      };
      run.then(keepTypes, keepTypes);
      return run;
    },
    async close() {
      await Promise.all([vitest.close(), typeChecked, keptTypes?.close()]);
      await pool.close();
    },
  };
}

/**
 * Makes the next run load the target's modules afresh: vite's transform of each, and the
 * worker's evaluated copy. All of them, not only the changed ones: a module that imports a
 * changed one would otherwise keep the old one's exports.
 */
function forgetModules(vitest: Vitest, folder: string): void {
  const prefix = `${folder}/`;
  for (const project of vitest.projects) {
    for (const environment of Object.values(project.vite.environments)) {
      for (const file of environment.moduleGraph.fileToModulesMap.keys()) {
        if (!file.startsWith(prefix)) continue;
        vitest.invalidateFile(file);
        vitest.watcher.invalidates.add(file);
      }
    }
  }
}

/**
 * The report as a terminal shows it: a long line continues under its value (the report writes
 * whole lines). A pipe gets the lines as they are.
 */
function forTerminal(text: string): string {
  return process.stdout.isTTY ? wrapHanging(text, process.stdout.columns) : text;
}

/** The folder as vite names its modules (symbolic links resolved), when it exists. */
function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder; // the check itself will say that src/app.ts is missing
  }
}
