import { type Flags, UsageError } from '../args.ts';
import { paint } from '../terminal.ts';
import { type Hint, hintNumber, nextHint, readHints } from '../workshop/hints.ts';
import { stepDir } from '../workshop/manifest.ts';
import { stepMarkdown } from '../workshop/readme.ts';
import type { CommandContext } from './context.ts';
import { resolveStep } from './steps.ts';

/**
 * `workshop hint [step] [N]`: the next hint not seen yet (the count lives in progress.json), or
 * hint N of the step.
 */
export function hint(
  ctx: CommandContext,
  query: string | undefined,
  flags: Flags,
  which?: string,
): number {
  const step = resolveStep(ctx, query);
  let found: Hint | null;
  if (which === undefined) {
    found = nextHint(ctx.dirs, step, { peek: flags.json });
  } else {
    const number = Number(which);
    const total = readHints(ctx.dirs, step).length;
    if (!Number.isInteger(number) || number < 1 || number > total) {
      throw new UsageError(
        total === 0
          ? `Step ${stepDir(step)} has no hints.`
          : `Step ${stepDir(step)} has hints 1 to ${total}, not "${which}".`,
      );
    }
    found = hintNumber(ctx.dirs, step, number, { peek: flags.json });
  }
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
  ctx.out(stepMarkdown(ctx.dirs, step, found.text, ctx));
  if (last)
    ctx.out(p.dim('\nThat is the last hint. `diff` compares your files with the solution.'));
  return 0;
}
