import { EXERCISES_DIR, REPO_ROOT, SOLUTIONS_DIR, STATE_DIR, WORKSPACE_DIR } from './paths.ts';
import type { TargetRoots } from './targets.ts';

/**
 * Every folder the workshop command reads or writes. Commands take them as a value rather than
 * importing the constants, so tests can point them at a temporary copy and never touch the real
 * `workspace/` and `.workshop/`.
 */
export interface WorkshopDirs extends TargetRoots {
  root: string;
  /** Progress, scaffold records and backups. */
  stateDir: string;
}

/** The repository's own folders. */
export const REPOSITORY_DIRS: WorkshopDirs = {
  root: REPO_ROOT,
  exercisesDir: EXERCISES_DIR,
  solutionsDir: SOLUTIONS_DIR,
  workspaceDir: WORKSPACE_DIR,
  stateDir: STATE_DIR,
};

/** The same layout as the repository's, under another root. */
export function dirsUnder(root: string): WorkshopDirs {
  return {
    root,
    exercisesDir: `${root}/exercises`,
    solutionsDir: `${root}/solutions`,
    workspaceDir: `${root}/workspace`,
    stateDir: `${root}/.workshop`,
  };
}

/**
 * The catalogue file the workshop's servers open (`CONFERENCE_DB`), unless the environment
 * names one: the learner's own, seeded when first opened, so that a speaker deleted while
 * trying the workspace's API is not missing from conference/'s, nor the other way round.
 */
export function workspaceCatalogue(dirs: WorkshopDirs): string {
  return process.env.CONFERENCE_DB || `${dirs.stateDir}/conference.sqlite`;
}
