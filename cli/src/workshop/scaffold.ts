import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { writeJsonAtomic } from './atomic.ts';
import type { WorkshopDirs } from './dirs.ts';

/**
 * What the command last wrote into the working copy: `.workshop/scaffold.json`. A file whose
 * hash still matches is the command's own and may be replaced; any other file is the learner's.
 */
export interface ScaffoldRecord {
  /** Path relative to the working copy → sha256 of the content the command wrote there. */
  files: Record<string, string>;
}

/** What happens to one file of the source when it is copied into the working copy. */
export type FileAction = 'create' | 'replace' | 'keep' | 'conflict';

export interface PlannedFile {
  /** Relative to both the source and the working copy, with `/` separators. */
  path: string;
  content: Buffer;
  action: FileAction;
}

export interface ScaffoldPlan {
  files: PlannedFile[];
  /** Files the learner changed (or made) that the copy would replace or remove. */
  conflicts: string[];
  /** Files the command wrote for another step, unchanged, that the source does not have. */
  removals: string[];
  /** Files the learner made that the source does not have: left in place, and said so. */
  strays: string[];
  /**
   * Moving on (no `removeOthers`, no `exact`): the files of src/ and config/ that the source
   * does not have, such as an earlier step's handlers after a fast-forward. Left in place
   * (the learner's own code may still import them), and said so.
   */
  unused: string[];
}

/** Asks the person at the terminal a yes/no question. */
export type Confirm = (question: string) => Promise<boolean>;

export type ScaffoldOutcome =
  | {
      status: 'written';
      written: string[];
      /** Files the source does not have, taken out of the working copy (`removeOthers`, `exact`). */
      removed: string[];
      /** Whether src/ and config/ were made exactly the source's (`exact`). */
      exact: boolean;
      /** Files the learner made that the step does not have, left in place. */
      strays: string[];
      /** Files of src/ and config/ the step does not have, left in place when moving on. */
      unused: string[];
      backupDir: string | null;
    }
  | { status: 'declined' | 'needs-force'; conflicts: string[] };

export interface ScaffoldOptions {
  /** Replace changed files without asking (they are still backed up). */
  force?: boolean;
  /** How to ask before replacing changed files; without it, changed files need `force`. */
  confirm?: Confirm | undefined;
  now?: Date;
  /**
   * Take out the files the source does not have (going back to an earlier step): those the
   * command wrote go, changed ones as conflicts; the learner's own stay and are listed.
   */
  removeOthers?: boolean;
  /**
   * Make src/ and config/ exactly the source's (`--force`): every other file there goes too,
   * the learner's own as a conflict, so backed up first.
   */
  exact?: boolean;
  /** The step the working copy held, which names its backup folder. */
  heldStep?: string | null | undefined;
}

/** Files of the working copy that are not the learner's project: never planned, never removed. */
const NOT_PROJECT_FILES = new Set(['tsconfig.json']);

/** The folders of a step's files, which `exact` makes the source's. */
const STEP_FOLDERS = ['src/', 'config/'];

export function sha256(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex');
}

function recordPath(dirs: WorkshopDirs): string {
  return `${dirs.stateDir}/scaffold.json`;
}

export function readScaffoldRecord(dirs: WorkshopDirs): ScaffoldRecord {
  try {
    const parsed = JSON.parse(readFileSync(recordPath(dirs), 'utf8')) as Partial<ScaffoldRecord>;
    return { files: parsed.files ?? {} };
  } catch (error) {
    // With no record every existing file counts as the learner's: the safe side.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { files: {} };
    throw error;
  }
}

/**
 * Every file under `dir`, as sorted relative paths with `/` separators, except `*.local.*`
 * files: they are one machine's configuration (gitignored), such as a `check-<pid>.local.json`
 * a killed check left in a solution, and must not spread into the working copy.
 */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.includes('.local.'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

function readIfExists(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Works out what copying `sourceDir` over the working copy would do, without doing it. */
export function planScaffold(
  dirs: WorkshopDirs,
  sourceDir: string,
  { removeOthers = false, exact = false }: Pick<ScaffoldOptions, 'removeOthers' | 'exact'> = {},
): ScaffoldPlan {
  const record = readScaffoldRecord(dirs);
  const files = listFiles(sourceDir).map((path): PlannedFile => {
    const content = readFileSync(join(sourceDir, path));
    const existing = readIfExists(join(dirs.workspaceDir, path));
    let action: FileAction;
    if (existing === null) action = 'create';
    else if (existing.equals(content)) action = 'keep';
    else if (record.files[path] === sha256(existing)) action = 'replace';
    else action = 'conflict';
    return { path, content, action };
  });
  if (files.length === 0) throw new Error(`There are no files to copy in ${sourceDir}`);
  const conflicts = files.filter((file) => file.action === 'conflict').map((file) => file.path);
  const removals: string[] = [];
  const strays: string[] = [];
  const wanted = new Set(files.map((file) => file.path));
  for (const path of removeOthers || exact ? listFiles(dirs.workspaceDir) : []) {
    if (wanted.has(path) || NOT_PROJECT_FILES.has(path)) continue;
    const stepFile = exact && STEP_FOLDERS.some((folder) => path.startsWith(folder));
    if (!removeOthers && !stepFile) continue;
    const hash = record.files[path];
    if (hash === undefined && !stepFile) strays.push(path);
    else if (hash === sha256(readFileSync(join(dirs.workspaceDir, path)))) removals.push(path);
    else conflicts.push(path);
  }
  const unused =
    removeOthers || exact
      ? []
      : listFiles(dirs.workspaceDir).filter(
          (path) => !wanted.has(path) && STEP_FOLDERS.some((folder) => path.startsWith(folder)),
        );
  return { files, conflicts, removals, strays, unused };
}

/** A folder name for now that sorts by time and is valid on every file system. */
function timestampName(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-');
}

/**
 * Copies working-copy files to `.workshop/backups/<timestamp>-<step>/`, keeping their paths:
 * the folder names say when and which step's work, and sort by time.
 */
export function backUp(
  dirs: WorkshopDirs,
  paths: readonly string[],
  now = new Date(),
  step: string | null = null,
): string {
  const base = `${dirs.stateDir}/backups/${timestampName(now)}${step ? `-${step}` : ''}`;
  let backupDir = base;
  for (let n = 1; existsSync(backupDir); n += 1) backupDir = `${base}-${n}`;
  for (const path of paths) {
    const target = join(backupDir, path);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(dirs.workspaceDir, path), target);
  }
  return backupDir;
}

/** Takes out the files the source does not have, writes its files and records their hashes. */
export function applyScaffold(dirs: WorkshopDirs, plan: ScaffoldPlan): void {
  const record = readScaffoldRecord(dirs);
  for (const path of leavingFiles(plan)) {
    removeFile(dirs.workspaceDir, path);
    delete record.files[path];
  }
  for (const file of plan.files) {
    if (file.action !== 'keep') {
      const target = join(dirs.workspaceDir, file.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, file.content);
    }
    record.files[file.path] = sha256(file.content);
  }
  writeJsonAtomic(recordPath(dirs), record);
}

/** Removes a file, and the folders that held only it (the `src/handlers/` of another step). */
function removeFile(root: string, path: string): void {
  rmSync(join(root, path), { force: true });
  for (let folder = dirname(path); folder !== '.'; folder = dirname(folder)) {
    if (readdirSync(join(root, folder)).length > 0) break;
    rmdirSync(join(root, folder));
  }
}

/** The files a plan takes out of the working copy: those the source does not have. */
function leavingFiles(plan: ScaffoldPlan): string[] {
  const planned = new Set(plan.files.map((file) => file.path));
  return [...plan.removals, ...plan.conflicts.filter((path) => !planned.has(path))];
}

export function describeConflicts(conflicts: readonly string[]) {
  const files = conflicts.join(', ');
  return `You changed ${conflicts.length === 1 ? 'this file' : `these ${conflicts.length} files`}: ${files}.`;
}

/**
 * Copies `sourceDir` (a starter or a solution) into the working copy without ever losing work:
 * files the learner changed are replaced only with `force` or a yes, and backed up first.
 * Files of the working copy that the source does not have are left alone, unless
 * `removeOthers` or `exact` says otherwise.
 */
export async function scaffold(
  dirs: WorkshopDirs,
  sourceDir: string,
  options: ScaffoldOptions = {},
): Promise<ScaffoldOutcome> {
  const plan = planScaffold(dirs, sourceDir, options);
  let backupDir: string | null = null;
  if (plan.conflicts.length > 0) {
    if (!options.force) {
      if (!options.confirm) return { status: 'needs-force', conflicts: plan.conflicts };
      const them = plan.conflicts.length === 1 ? 'it' : 'them';
      const backups = `${relative(dirs.root, dirs.stateDir) || '.'}/backups/`;
      const question = `${describeConflicts(plan.conflicts)} Back ${them} up in ${backups} and replace ${them}?`;
      if (!(await options.confirm(question))) {
        return { status: 'declined', conflicts: plan.conflicts };
      }
    }
    // Only now that they are about to be replaced: a declined copy leaves no backup behind.
    backupDir = backUp(dirs, plan.conflicts, options.now, options.heldStep ?? null);
  }
  applyScaffold(dirs, plan);
  writeWorkspaceTsconfig(dirs);
  const written = plan.files.filter((file) => file.action !== 'keep').map((file) => file.path);
  const removed = leavingFiles(plan).sort();
  const exact = options.exact === true;
  return {
    status: 'written',
    written,
    removed,
    strays: plan.strays,
    unused: plan.unused,
    exact,
    backupDir,
  };
}

/**
 * The working copy's `tsconfig.json`, so that editors type-check it like the rest of the
 * repository (its `.ts` imports included). It is not a learner file: written only when missing,
 * never overwritten.
 */
export const WORKSPACE_TSCONFIG = `${JSON.stringify(
  { extends: '../tsconfig.json', include: ['src', 'config'] },
  null,
  2,
)}\n`;

function writeWorkspaceTsconfig(dirs: WorkshopDirs): void {
  const file = join(dirs.workspaceDir, 'tsconfig.json');
  if (existsSync(file)) return;
  try {
    writeFileSync(file, WORKSPACE_TSCONFIG, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
