import type { Flags } from '../args.ts';
import { paint } from '../terminal.ts';
import { nextHint } from '../workshop/hints.ts';
import { stepDir } from '../workshop/manifest.ts';
import type { CommandContext } from './context.ts';
import { resolveStep } from './steps.ts';

/** `workshop hint [step]`: the next hint not seen yet (the count lives in progress.json). */
export function hint(ctx: CommandContext, query: string | undefined, flags: Flags): number {
  const step = resolveStep(ctx, query);
  const found = nextHint(ctx.dirs, step);
  if (flags.json) {
    ctx.out(
      JSON.stringify(
        { step: stepDir(step), ...(found ?? { number: 0, total: 0, text: null, repeated: false }) },
        null,
        2,
      ),
    );
    return 0;
  }
  if (!found) {
    ctx.out(`Step ${stepDir(step)} has no hints.`);
    return 0;
  }
  const p = paint(ctx.colour);
  const last = found.number === found.total;
  ctx.out(
    p.bold(
      `Hint ${found.number} of ${found.total} for step ${stepDir(step)}${found.repeated ? ' (again: it is the last)' : ''}`,
    ),
  );
  ctx.out('');
  ctx.out(found.text);
  if (last)
    ctx.out(p.dim('\nThat is the last hint. `diff` compares your files with the solution.'));
  return 0;
}
