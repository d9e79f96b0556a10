import { readFileSync } from 'node:fs';
import { renderMarkdown } from '../markdown.ts';
import type { WorkshopDirs } from './dirs.ts';
import { type Step, stepDir } from './manifest.ts';

/** How the terminal shows text: see {@link renderMarkdown}. */
export interface Display {
  colour: boolean;
  hyperlinks: boolean;
  /** The terminal's width; 0 when the output is not a terminal (lines stay as they come). */
  width: number;
}

/** A step's README rendered for the terminal, or null when it has none. */
export function stepReadme(dirs: WorkshopDirs, step: Step, display: Display): string | null {
  let source: string;
  try {
    source = readFileSync(`${dirs.exercisesDir}/${stepDir(step)}/README.md`, 'utf8');
  } catch {
    return null;
  }
  return stepMarkdown(dirs, step, source, display);
}

/** Markdown from a step's folder (its README, a hint) rendered for the terminal. */
export function stepMarkdown(
  dirs: WorkshopDirs,
  step: Step,
  source: string,
  display: Display,
): string {
  const folder = `${dirs.exercisesDir}/${stepDir(step)}`;
  return renderMarkdown(source, { ...display, baseDir: folder, rootDir: dirs.root });
}
