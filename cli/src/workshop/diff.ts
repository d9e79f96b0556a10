import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import type { WorkshopDirs } from './dirs.ts';
import type { Step } from './manifest.ts';
import { targetDir } from './targets.ts';

export interface FileDiff {
  path: string;
  /** A unified diff from the working copy to the solution; empty when they are the same. */
  patch: string;
}

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

/** The step's files in the working copy against the step's solution, file by file. */
export function diffStep(dirs: WorkshopDirs, step: Step): FileDiff[] {
  const solution = targetDir('solution', step, dirs);
  return step.files.map((path) => {
    const mine = readOrEmpty(`${dirs.workspaceDir}/${path}`);
    const theirs = readOrEmpty(`${solution}/${path}`);
    if (mine === theirs) return { path, patch: '' };
    const patch = createTwoFilesPatch(
      relative(dirs.root, `${dirs.workspaceDir}/${path}`),
      relative(dirs.root, `${solution}/${path}`),
      mine,
      theirs,
      'your working copy',
      'the solution',
    );
    return { path, patch };
  });
}

const COLOURS: Array<[RegExp, string]> = [
  [/^(---|\+\+\+|={3,}|Index:)/, '\x1b[1m'],
  [/^@@/, '\x1b[36m'],
  [/^\+/, '\x1b[32m'],
  [/^-/, '\x1b[31m'],
];

/** Colours a unified diff for a terminal: additions green, removals red, hunks cyan. */
export function colourPatch(patch: string): string {
  return patch
    .split('\n')
    .map((line) => {
      const colour = COLOURS.find(([pattern]) => pattern.test(line))?.[1];
      return colour ? `${colour}${line}\x1b[0m` : line;
    })
    .join('\n');
}
