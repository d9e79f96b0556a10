import { readFileSync } from 'node:fs';
import { writeJsonAtomic } from './atomic.ts';
import { type Step, stepDir } from './manifest.ts';

/**
 * What `.workshop/progress.json` holds. Steps are keyed by their folder name (`01-hello`).
 * Only the command writes it, and only from facts: a step is passed when a check of the
 * working copy passed.
 */
export interface Progress {
  /** The step the working copy was last scaffolded for. */
  current: string | null;
  /** When each step's checks first passed on the working copy (ISO 8601). */
  passed: Record<string, string>;
  /** The numbers of each step's hints that have been shown, in order. */
  hintsRead: Record<string, number[]>;
  /** The hint of each step shown last: "next hint" goes on from it. */
  lastHint: Record<string, number>;
  /** The hint the last failed check of each step named: the one `h` and `hint` show. */
  pointedHints: Record<string, number>;
  /** When the solution of each step was copied in: a pass after it is not the learner's own. */
  solutionsUsed: Record<string, string>;
}

/**
 * Where a step stands, as the step list shows it: `done` by the learner's own hand, or
 * `given` when it passed only after its solution was copied in.
 */
export type StepStatus = 'done' | 'given' | 'current' | 'pending';

export interface StepState {
  step: Step;
  status: StepStatus;
  /** Whether the working copy holds this step (a done step can also be the current one). */
  current: boolean;
  passedAt: string | null;
}

export function progressPath(stateDir: string): string {
  return `${stateDir}/progress.json`;
}

/** Reads the progress, or an empty one when there is none yet. */
export function readProgress(stateDir: string): Progress {
  const path = progressPath(stateDir);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return emptyProgress();
    }
    throw error;
  }
  let parsed: Partial<Progress> & OlderProgress;
  try {
    parsed = JSON.parse(text) as Partial<Progress> & OlderProgress;
  } catch {
    throw new Error(`${path} is not valid JSON. Delete it to start the progress afresh.`);
  }
  return {
    current: parsed.current ?? null,
    passed: parsed.passed ?? {},
    hintsRead: parsed.hintsRead ?? hintsReadBefore(parsed.hintsShown ?? {}),
    lastHint: parsed.lastHint ?? {},
    pointedHints: parsed.pointedHints ?? {},
    solutionsUsed: parsed.solutionsUsed ?? {},
  };
}

function emptyProgress(): Progress {
  return {
    current: null,
    passed: {},
    hintsRead: {},
    lastHint: {},
    pointedHints: {},
    solutionsUsed: {},
  };
}

/** What a progress.json written by an earlier version may hold instead. */
interface OlderProgress {
  /** How many of each step's hints had been shown: hints 1 to N counted as read. */
  hintsShown?: Record<string, number>;
}

function hintsReadBefore(hintsShown: Record<string, number>): Record<string, number[]> {
  return Object.fromEntries(
    Object.entries(hintsShown).map(([step, count]) => [
      step,
      Array.from({ length: count }, (_, index) => index + 1),
    ]),
  );
}

/** Reads the progress, applies `change` to it and writes it back atomically. */
export function updateProgress(stateDir: string, change: (progress: Progress) => void): Progress {
  const progress = readProgress(stateDir);
  change(progress);
  writeJsonAtomic(progressPath(stateDir), progress);
  return progress;
}

/** Records a passing check of the working copy; the first pass is the one remembered. */
export function markPassed(stateDir: string, step: Step, when: Date): Progress {
  return updateProgress(stateDir, (progress) => {
    progress.passed[stepDir(step)] ??= when.toISOString();
  });
}

/** Records which hint a failed check of the working copy named (none: forget the last one). */
export function pointHint(stateDir: string, step: Step, hint: number | undefined): Progress {
  return updateProgress(stateDir, (progress) => {
    if (hint === undefined) delete progress.pointedHints[stepDir(step)];
    else progress.pointedHints[stepDir(step)] = hint;
  });
}

/** Records that the step's solution was copied into the working copy. */
export function markSolutionUsed(stateDir: string, step: Step, when: Date): Progress {
  return updateProgress(stateDir, (progress) => {
    progress.solutionsUsed[stepDir(step)] ??= when.toISOString();
  });
}

/**
 * Records the steps before `step` that have not passed as passed with their solution, now:
 * copying in the solution of a later step fast-forwards over them, since it holds theirs.
 * Left undone, the list would keep pointing back to the first of them.
 *
 * @returns the steps it marked, in order
 */
export function markSkippedGiven(
  stateDir: string,
  steps: readonly Step[],
  step: Step,
  when: Date,
): Step[] {
  const skipped: Step[] = [];
  updateProgress(stateDir, (progress) => {
    for (const earlier of steps.slice(0, Math.max(steps.indexOf(step), 0))) {
      const key = stepDir(earlier);
      if (progress.passed[key] !== undefined) continue;
      progress.solutionsUsed[key] ??= when.toISOString();
      progress.passed[key] = when.toISOString();
      skipped.push(earlier);
    }
  });
  return skipped;
}

export function setCurrent(stateDir: string, step: Step): Progress {
  return updateProgress(stateDir, (progress) => {
    progress.current = stepDir(step);
  });
}

/** The current step, or null when no step was started yet (or it left the manifest). */
export function currentStep(steps: readonly Step[], progress: Progress): Step | null {
  return steps.find((step) => stepDir(step) === progress.current) ?? null;
}

/** Each step with its status, in manifest order. */
export function stepStates(steps: readonly Step[], progress: Progress): StepState[] {
  return steps.map((step) => {
    const key = stepDir(step);
    const passedAt = progress.passed[key] ?? null;
    const current = progress.current === key;
    const solutionAt = progress.solutionsUsed[key];
    const given = passedAt !== null && solutionAt !== undefined && solutionAt <= passedAt;
    const status: StepStatus = passedAt
      ? given
        ? 'given'
        : 'done'
      : current
        ? 'current'
        : 'pending';
    return { step, status, current, passedAt };
  });
}

/** Whether a step's checks have passed, by the learner's hand or with the solution. */
export function isDone(state: StepState): boolean {
  return state.status === 'done' || state.status === 'given';
}

/** The first step after `step` that is not done, else the first not done at all. */
export function nextStep(steps: readonly Step[], progress: Progress, after?: Step): Step | null {
  const pending = steps.filter((step) => !progress.passed[stepDir(step)]);
  const start = after ? steps.indexOf(after) : -1;
  return pending.find((step) => steps.indexOf(step) > start) ?? pending[0] ?? null;
}

/**
 * What {@link nextStep} is to a learner who just passed `passed`: the next step, or, when
 * every later one is done (they began at a later step), the first earlier one not done.
 */
export function nextStepWords(steps: readonly Step[], passed: Step, next: Step): string {
  return steps.indexOf(next) > steps.indexOf(passed)
    ? 'the next step'
    : 'the first earlier step not done yet';
}
