import { relative } from 'node:path';
import { UsageError } from '../args.ts';
import { paint } from '../terminal.ts';
import { type Backup, listBackups, restoreBackup } from '../workshop/backups.ts';
import { stepDir } from '../workshop/manifest.ts';
import { startCommand } from '../workshop/moving.ts';
import { readProgress } from '../workshop/progress.ts';
import { type CommandContext, commandHint } from './context.ts';

function when(date: Date): string {
  return date.toLocaleString('sv-SE', { dateStyle: 'short', timeStyle: 'medium' });
}

/** `workshop backups`: every backup, newest first, numbered for `restore`. */
export function backups(ctx: CommandContext): number {
  const all = listBackups(ctx.dirs);
  if (all.length === 0) {
    ctx.out('There are no backups: nothing of yours was ever replaced.');
    return 0;
  }
  const p = paint(ctx.colour);
  const stepWidth = Math.max(4, ...all.map((backup) => (backup.step ?? '?').length));
  ctx.out(p.bold(`${'#'.padStart(3)}  ${'when'.padEnd(19)}  ${'step'.padEnd(stepWidth)}  files`));
  for (const backup of all) {
    const step = (backup.step ?? '?').padEnd(stepWidth);
    ctx.out(
      `${String(backup.number).padStart(3)}  ${when(backup.at)}  ${step}  ${backup.files.join(', ')}`,
    );
  }
  ctx.out(p.dim(`\nPut one back with: ${commandHint('restore <#>')} (without #, the newest).`));
  return 0;
}

function pick(all: Backup[], which: string | undefined): Backup {
  if (all.length === 0) throw new Error('there are no backups to restore.');
  if (which === undefined) return all[0] as Backup;
  const number = Number(which);
  const found = all.find((b) =>
    Number.isInteger(number) ? b.number === number : b.name === which,
  );
  if (!found) {
    throw new UsageError(
      `No backup "${which}": give its # from ${commandHint('backups')} (1 to ${all.length}).`,
    );
  }
  return found;
}

/**
 * `workshop restore [#]`: a backup's files back into workspace/. A backup of another step than
 * the one workspace/ holds is refused: its files alone, over another step's, would not run.
 */
export function restore(ctx: CommandContext, which: string | undefined): number {
  const backup = pick(listBackups(ctx.dirs), which);
  const held = readProgress(ctx.dirs.stateDir).current;
  if (backup.step !== null && backup.step !== held) {
    const step = ctx.steps.find((candidate) => stepDir(candidate) === backup.step);
    const start = step
      ? startCommand(ctx.dirs, ctx.steps, readProgress(ctx.dirs.stateDir), step)
      : `start ${backup.step}`;
    ctx.err(
      `Backup ${backup.number} holds your files of step ${backup.step}, and workspace/ holds ${held ?? 'no step'}: ` +
        `its files alone would not run there. To bring it back whole, first ${commandHint(start)}, ` +
        `then ${commandHint(`restore ${backup.number}`)}.`,
    );
    return 1;
  }
  const saved = restoreBackup(ctx.dirs, backup, ctx.now(), held);
  const p = paint(ctx.colour);
  if (saved)
    ctx.out(p.yellow(`The versions it replaced are in ${relative(ctx.dirs.root, saved)}.`));
  const of = backup.step ? ` of step ${backup.step}` : '';
  ctx.out(
    p.green(`Restored ${backup.files.join(', ')}${of} from ${when(backup.at)} into workspace/.`),
  );
  return 0;
}
