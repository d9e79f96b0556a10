import { paint } from '../terminal.ts';
import { colourPatch, diffStep } from '../workshop/diff.ts';
import { stepDir } from '../workshop/manifest.ts';
import type { CommandContext } from './context.ts';
import { resolveStep } from './steps.ts';

/** `workshop diff [step]`: the step's files in the working copy against its solution. */
export function diff(ctx: CommandContext, query: string | undefined): number {
  const step = resolveStep(ctx, query);
  const diffs = diffStep(ctx.dirs, step);
  const changed = diffs.filter((file) => file.patch !== '');
  const p = paint(ctx.colour);
  if (changed.length === 0) {
    ctx.out(
      p.green(
        `Your ${diffs.map((file) => file.path).join(', ')} match the solution of step ${stepDir(step)}.`,
      ),
    );
    return 0;
  }
  for (const file of changed) {
    ctx.out(ctx.colour ? colourPatch(file.patch.trimEnd()) : file.patch.trimEnd());
  }
  ctx.out(
    p.dim(
      `\n${changed.length} of ${diffs.length} files differ: "-" is your working copy, "+" the solution.`,
    ),
  );
  return 0;
}
