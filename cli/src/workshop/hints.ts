import { readFileSync } from 'node:fs';
import type { WorkshopDirs } from './dirs.ts';
import { type Step, stepDir } from './manifest.ts';
import { type Progress, readProgress, updateProgress } from './progress.ts';

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

/** Options of {@link hintNumber} and {@link nextHint}. */
export interface HintOptions {
  /** Only look: the hint is not counted as read (`hint --json`, for scripts). */
  peek?: boolean | undefined;
}

/** Runs `change` on the progress, and saves it unless peeking. */
function withProgress(dirs: WorkshopDirs, options: HintOptions, change: (p: Progress) => void) {
  if (options.peek) change(readProgress(dirs.stateDir));
  else updateProgress(dirs.stateDir, change);
}

/**
 * Hint `number` of the step (counted as seen, with those before it), or null when the step has
 * no such hint.
 */
export function hintNumber(
  dirs: WorkshopDirs,
  step: Step,
  number: number,
  options: HintOptions = {},
): Hint | null {
  const hints = readHints(dirs, step);
  const text = hints[number - 1];
  if (text === undefined || number < 1) return null;
  const key = stepDir(step);
  withProgress(dirs, options, (progress) => {
    progress.hintsShown[key] = Math.max(progress.hintsShown[key] ?? 0, number);
  });
  return { number, total: hints.length, text, repeated: false };
}

/**
 * The hint the last failed check named, unless the learner has read it already; else the next
 * hint not seen, counted in progress.json (a learner who read the named hint and still fails
 * wants more than it). Once all were shown: the named hint again, or else the last one.
 * Null when the step has no hints.
 */
export function nextHint(dirs: WorkshopDirs, step: Step, options: HintOptions = {}): Hint | null {
  const hints = readHints(dirs, step);
  if (hints.length === 0) return null;
  const key = stepDir(step);
  let number = 0;
  let repeated = false;
  withProgress(dirs, options, (progress) => {
    const shown = progress.hintsShown[key] ?? 0;
    const pointed = progress.pointedHints[key];
    // Shown once: asked again, the learner wants more than the hint just read.
    delete progress.pointedHints[key];
    const named = pointed !== undefined && pointed >= 1 && pointed <= hints.length;
    if (named && pointed > shown) {
      number = pointed;
      progress.hintsShown[key] = pointed;
      return;
    }
    repeated = shown >= hints.length;
    number = repeated && named ? pointed : Math.min(shown + 1, hints.length);
    progress.hintsShown[key] = Math.max(shown, number);
  });
  return { number, total: hints.length, text: hints[number - 1] as string, repeated };
}
