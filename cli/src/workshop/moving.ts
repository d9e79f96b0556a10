import { relative } from 'node:path';
import type { WorkshopDirs } from './dirs.ts';
import { type Step, stepDir } from './manifest.ts';
import { currentStep, type Progress } from './progress.ts';
import { planScaffold, type ScaffoldOptions, type ScaffoldOutcome } from './scaffold.ts';
import { targetDir } from './targets.ts';

/**
 * How starting `step` treats the working copy, from where the learner is:
 * - moving on after a pass: the learner's files passed their step, so they are backed up and
 *   replaced without a question (the next starter builds on the same work);
 * - going back: the files of later steps are taken out, so none is left behind unnoticed;
 * - otherwise, changed files are replaced only after a yes (or --force).
 */
export function startOptions(
  steps: readonly Step[],
  progress: Progress,
  step: Step,
): Pick<ScaffoldOptions, 'force' | 'removeOthers' | 'heldStep'> {
  const held = currentStep(steps, progress);
  const from = held ? steps.indexOf(held) : -1;
  const to = steps.indexOf(step);
  const passed = held !== null && progress.passed[stepDir(held)] !== undefined;
  return {
    // Only the next step: one further on skips a step, which is asked first (skippedStep).
    force: passed && to === from + 1,
    removeOthers: held !== null && to < from,
    heldStep: progress.current,
  };
}

/**
 * The command that starts `step` from where the learner is, as a message suggests it:
 * `start 03`, or `start 03 --force` when files the learner changed are in the way (they are
 * backed up first), since without it the command would refuse.
 */
export function startCommand(
  dirs: WorkshopDirs,
  steps: readonly Step[],
  progress: Progress,
  step: Step,
): string {
  const options = startOptions(steps, progress, step);
  const plan = planScaffold(dirs, targetDir('starter', step, dirs), options);
  const refused = !options.force && plan.conflicts.length > 0;
  return `start ${step.number}${refused ? ' --force' : ''}`;
}

/**
 * The first step not passed yet, when `step` comes after it: starting `step` skips it, and its
 * starter holds the solution of the skipped one. Null when nothing is skipped.
 */
export function skippedStep(steps: readonly Step[], progress: Progress, step: Step): Step | null {
  const first = steps.find((candidate) => progress.passed[stepDir(candidate)] === undefined);
  return first !== undefined && steps.indexOf(step) > steps.indexOf(first) ? first : null;
}

/** What is asked before starting a step past one not done yet. */
export function skipQuestion(steps: readonly Step[], skipped: Step, step: Step): string {
  const previous = steps[steps.indexOf(step) - 1] ?? skipped;
  return `Step ${stepDir(skipped)} is not done yet. Start ${stepDir(step)} anyway? Its starter holds the solution of ${stepDir(previous)}.`;
}

/** What the learner is told of the earlier steps a solution skipped over, now marked given. */
export function fastForwardNote(skipped: readonly Step[], step: Step): string {
  const numbers = skipped.map((one) => one.number);
  if (skipped.length === 1) {
    return `Step ${stepDir(skipped[0] as Step)}, skipped over, now counts as done with the solution: the solution of ${stepDir(step)} holds it.`;
  }
  return `Steps ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}, skipped over, now count as done with the solution: the solution of ${stepDir(step)} holds theirs.`;
}

/** What a copy did besides writing the step's files, one sentence each. */
export function describeOutcome(
  dirs: WorkshopDirs,
  outcome: Extract<ScaffoldOutcome, { status: 'written' }>,
): string[] {
  const lines: string[] = [];
  if (outcome.backupDir) {
    lines.push(`Your previous versions are in ${relative(dirs.root, outcome.backupDir)}.`);
  }
  if (outcome.exact && outcome.removed.length > 0) {
    lines.push(
      `src/ and config/ now hold this step's files alone: took out ${outcome.removed.join(', ')}.`,
    );
  } else if (outcome.removed.length > 0) {
    lines.push(`Took out the files of later steps: ${outcome.removed.join(', ')}.`);
  }
  if (outcome.strays.length > 0) {
    lines.push(`Left your own files, which this step does not use: ${outcome.strays.join(', ')}.`);
  }
  if (outcome.unused.length > 0) {
    lines.push(
      `Left files of src/ and config/ that this step does not have: ${outcome.unused.join(', ')}. Delete them once your code no longer imports them.`,
    );
  }
  return lines;
}
