import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkshopDirs } from './dirs.ts';
import { backUp, listFiles } from './scaffold.ts';

/** One folder of `.workshop/backups/`: when it was made, for which step, with which files. */
export interface Backup {
  /** Its number for `restore`: 1 for the oldest, so a newer backup never changes it. */
  number: number;
  name: string;
  dir: string;
  /** When the files were backed up (from the folder name). */
  at: Date;
  /** The step the working copy held then, when it was known. */
  step: string | null;
  files: string[];
}

// backUp() names folders `<ISO time with - for : and .>[-<step folder>][-<n>]`.
const NAME =
  /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(?:-(\d{2}-[a-z0-9-]+?))?(?:-\d+)?$/;

/** The backups, newest first, each numbered from the oldest. */
export function listBackups(dirs: WorkshopDirs): Backup[] {
  const root = `${dirs.stateDir}/backups`;
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .filter((entry) => NAME.test(entry.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((entry, index): Backup => {
      const [, day, hours, minutes, seconds, millis, step] = NAME.exec(entry.name) ?? [];
      const dir = join(root, entry.name);
      return {
        number: index + 1,
        name: entry.name,
        dir,
        at: new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`),
        step: step ?? null,
        files: listFiles(dir),
      };
    })
    .reverse();
}

/**
 * Copies a backup's files back into the working copy. The versions they replace are backed up
 * first when they differ, so a restore never loses work either. Returns that new backup, if any.
 */
export function restoreBackup(
  dirs: WorkshopDirs,
  backup: Backup,
  now: Date,
  heldStep: string | null,
): string | null {
  const replaced = backup.files.filter((path) => {
    const current = join(dirs.workspaceDir, path);
    return (
      existsSync(current) && !readFileSync(current).equals(readFileSync(join(backup.dir, path)))
    );
  });
  const saved = replaced.length > 0 ? backUp(dirs, replaced, now, heldStep) : null;
  cpSync(backup.dir, dirs.workspaceDir, { recursive: true });
  return saved;
}
