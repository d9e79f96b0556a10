import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the folder above `cli/` (no trailing separator, on every platform). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/** Where each step's README, hints, starter and checks live. */
export const EXERCISES_DIR = `${REPO_ROOT}/exercises`;

/** Where each step's solved files live. */
export const SOLUTIONS_DIR = `${REPO_ROOT}/solutions`;

/** The learner's working copy (gitignored). */
export const WORKSPACE_DIR = `${REPO_ROOT}/workspace`;

/** The workshop's own state: progress, backups, scaffold records (gitignored). */
export const STATE_DIR = `${REPO_ROOT}/.workshop`;
