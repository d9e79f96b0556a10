import { readFileSync } from 'node:fs';
import type { WorkshopDirs } from './dirs.ts';
import { type Step, stepDir } from './manifest.ts';
import { updateProgress } from './progress.ts';

/** One hint of a step, numbered from 1. */
export interface Hint {
  number: number;
  total: number;
  text: string;
  /** True when every hint had already been shown and this is the last one again. */
  repeated: boolean;
}

/** The bodies of the `## Hint N` sections of a step's hints.md, in order. */
export function parseHints(markdown: string): string[] {
  const sections = markdown.split(/^##[ \t]+Hint\b.*$/im);
  return sections
    .slice(1)
    .map((section) => section.trim())
    .filter((section) => section !== '');
}

export function readHints(dirs: WorkshopDirs, step: Step): string[] {
  const path = `${dirs.exercisesDir}/${stepDir(step)}/hints.md`;
  try {
    return parseHints(readFileSync(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Hint `number` of the step (counted as seen, with those before it), or null when the step has
 * no such hint.
 */
export function hintNumber(dirs: WorkshopDirs, step: Step, number: number): Hint | null {
  const hints = readHints(dirs, step);
  const text = hints[number - 1];
  if (text === undefined || number < 1) return null;
  const key = stepDir(step);
  updateProgress(dirs.stateDir, (progress) => {
    progress.hintsShown[key] = Math.max(progress.hintsShown[key] ?? 0, number);
  });
  return { number, total: hints.length, text, repeated: false };
}

/**
 * The hint the last failed check named, if it has not been shown since; else the next hint the
 * learner has not seen, counted in progress.json; once all were shown, the last one again.
 * Null when the step has no hints.
 */
export function nextHint(dirs: WorkshopDirs, step: Step): Hint | null {
  const hints = readHints(dirs, step);
  if (hints.length === 0) return null;
  const key = stepDir(step);
  let number = 0;
  let repeated = false;
  updateProgress(dirs.stateDir, (progress) => {
    const shown = progress.hintsShown[key] ?? 0;
    const pointed = progress.pointedHints[key];
    // Shown once: asked again, the learner wants more than the hint just read.
    delete progress.pointedHints[key];
    if (pointed !== undefined && pointed >= 1 && pointed <= hints.length) {
      number = pointed;
      progress.hintsShown[key] = Math.max(shown, pointed);
      return;
    }
    repeated = shown >= hints.length;
    number = Math.min(shown + 1, hints.length);
    progress.hintsShown[key] = number;
  });
  return { number, total: hints.length, text: hints[number - 1] as string, repeated };
}
