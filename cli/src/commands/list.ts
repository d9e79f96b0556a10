import type { Flags } from '../args.ts';
import { paint } from '../terminal.ts';
import { MARKS, percent, progressBar } from '../ui/marks.ts';
import { stepDir } from '../workshop/manifest.ts';
import { readProgress, stepStates } from '../workshop/progress.ts';
import type { CommandContext } from './context.ts';

/** `workshop list`: the steps with their marks and a progress bar, or the same as JSON. */
export function list(ctx: CommandContext, flags: Flags): number {
  const progress = readProgress(ctx.dirs.stateDir);
  const states = stepStates(ctx.steps, progress);
  const done = states.filter((state) => state.status === 'done').length;
  if (flags.json) {
    const steps = states.map(({ step, status, current, passedAt }) => ({
      id: stepDir(step),
      number: step.number,
      slug: step.slug,
      title: step.title,
      status,
      current,
      passedAt,
    }));
    ctx.out(
      JSON.stringify({ current: progress.current, done, total: steps.length, steps }, null, 2),
    );
    return 0;
  }
  const p = paint(ctx.colour);
  const slugWidth = Math.max(0, ...ctx.steps.map((step) => step.slug.length));
  ctx.out(p.bold(`Hyperpipe workshop: ${done} of ${states.length} steps done`));
  ctx.out(`${p.green(progressBar(done, states.length, 30))} ${percent(done, states.length)}`);
  ctx.out('');
  for (const { step, status, current } of states) {
    const mark =
      status === 'done'
        ? p.green(MARKS.done)
        : status === 'current'
          ? p.cyan(MARKS.current)
          : p.dim(MARKS.pending);
    const pointer = current ? p.cyan('›') : ' ';
    const line = `${pointer} ${mark} ${step.number}  ${step.slug.padEnd(slugWidth)}  ${step.title}`;
    ctx.out(current ? `${line}  ${p.cyan('(current)')}` : line);
  }
  return 0;
}
