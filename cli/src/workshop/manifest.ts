import { readFileSync } from 'node:fs';
import { EXERCISES_DIR } from './paths.ts';

/** One step of the workshop, as `exercises/steps.json` lists it. */
export interface Step {
  /** Two digits, such as `01`; the order of the steps. */
  number: string;
  /** A short name, such as `hello`. */
  slug: string;
  /** What the step is about, in a few words. */
  title: string;
  /** The files of the working copy the learner edits in this step. */
  files: string[];
  /**
   * The first hint of the rule each file is about, for the files about one rule only: a type
   * error or a crash in such a file names it (a file of several rules names none).
   */
  fileHints?: Record<string, number> | undefined;
}

/** The folder name of a step under `exercises/` and `solutions/`: `01-hello`. */
export function stepDir(step: Step): string {
  return `${step.number}-${step.slug}`;
}

/** The steps in order, read from `exercises/steps.json`. */
export function loadManifest(path = `${EXERCISES_DIR}/steps.json`): Step[] {
  const { steps } = JSON.parse(readFileSync(path, 'utf8')) as { steps: Step[] };
  return steps;
}

/**
 * Finds a step by number (`1`, `01`), slug (`hello`) or folder name (`01-hello`).
 *
 * @throws Error listing the steps when nothing matches
 */
export function findStep(steps: readonly Step[], query: string): Step {
  const wanted = query.trim().toLowerCase();
  const found = steps.find(
    (step) =>
      step.number === wanted.padStart(2, '0') || step.slug === wanted || stepDir(step) === wanted,
  );
  if (!found) {
    throw new Error(`No step "${query}". The steps are: ${steps.map(stepDir).join(', ')}`);
  }
  return found;
}
