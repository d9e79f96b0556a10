import { type Step, stepDir } from './manifest.ts';
import { EXERCISES_DIR, SOLUTIONS_DIR, WORKSPACE_DIR } from './paths.ts';

/** What checks run against: the learner's working copy, or a step's starter or solution. */
export type TargetKind = 'workspace' | 'starter' | 'solution';

/** The folders targets live in; tests pass their own, everything else the repository's. */
export interface TargetRoots {
  exercisesDir: string;
  solutionsDir: string;
  workspaceDir: string;
}

const REPOSITORY_ROOTS: TargetRoots = {
  exercisesDir: EXERCISES_DIR,
  solutionsDir: SOLUTIONS_DIR,
  workspaceDir: WORKSPACE_DIR,
};

/** The folder of a target: a small project whose `src/app.ts` exports `createApp`. */
export function targetDir(kind: TargetKind, step: Step, roots = REPOSITORY_ROOTS): string {
  if (kind === 'workspace') return roots.workspaceDir;
  if (kind === 'starter') return `${roots.exercisesDir}/${stepDir(step)}/starter`;
  return `${roots.solutionsDir}/${stepDir(step)}`;
}
