import type { ChecksRun, RunChecks } from './checksRun.ts';
import type { WorkshopDirs } from './dirs.ts';
import type { Step } from './manifest.ts';
import { mapLimit } from './pool.ts';
import { markPassed, pointHint } from './progress.ts';
import { targetDir } from './targets.ts';

export interface WorkspaceCheck {
  step: Step;
  url?: string | undefined;
  json?: boolean | undefined;
  stdio: 'inherit' | 'pipe';
  signal: AbortSignal;
  now: () => Date;
}

/**
 * Checks the working copy against a step; a pass is what marks the step done. A pass against a
 * live server (`url`) does not: that server may be running anything, such as the solution.
 */
export async function checkWorkspace(
  dirs: WorkshopDirs,
  runChecks: RunChecks,
  check: WorkspaceCheck,
): Promise<ChecksRun> {
  const result = await runChecks({
    step: check.step,
    // The absolute folder: runChecks would resolve 'workspace' under the repository's root.
    target: targetDir('workspace', check.step, dirs),
    ...(check.url ? { url: check.url } : {}),
    ...(check.json ? { json: true } : {}),
    // The next check of the same step is likely (`c` again, the next save): keep it warm.
    warm: true,
    stdio: check.stdio,
    signal: check.signal,
  });
  if (result.aborted) return result;
  if (result.passed && !check.url) markPassed(dirs.stateDir, check.step, check.now());
  pointHint(dirs.stateDir, check.step, result.passed ? undefined : result.hint);
  return result;
}

/** One cell of the authors' verification: a solution must pass, a starter must fail. */
export interface Verification {
  step: Step;
  target: 'solution' | 'starter';
  result: ChecksRun;
  /** Whether it did what it must. */
  behaves: boolean;
}

/** Checks every given step's solution and/or starter, `jobs` vitest runs at a time. */
export async function verifySteps(
  runChecks: RunChecks,
  steps: readonly Step[],
  targets: ReadonlyArray<'solution' | 'starter'>,
  options: { jobs: number; signal: AbortSignal; settled?: (verification: Verification) => void },
): Promise<Verification[]> {
  const cells = steps.flatMap((step) => targets.map((target) => ({ step, target })));
  return mapLimit(
    cells,
    options.jobs,
    async ({ step, target }): Promise<Verification> => {
      // Each check's result, for `--json`: the text output alone does not say which failed.
      const result = await runChecks({
        step,
        target,
        json: true,
        stdio: 'pipe',
        signal: options.signal,
      });
      const behaves = target === 'solution' ? result.passed : !result.passed;
      return { step, target, result, behaves };
    },
    options.settled,
  );
}
