import type { Flags } from '../args.ts';
import { paint } from '../terminal.ts';
import { MARKS, percent, progressBar } from '../ui/marks.ts';
import { stepDir } from '../workshop/manifest.ts';
import { isDone, readProgress, stepStates } from '../workshop/progress.ts';
import type { CommandContext } from './context.ts';

/** `workshop list`: the steps with their marks and a progress bar, or the same as JSON. */
export function list(ctx: CommandContext, flags: Flags): number {
  const progress = readProgress(ctx.dirs.stateDir);
  const states = stepStates(ctx.steps, progress);
  const done = states.filter(isDone).length;
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
  if (states.some((state) => state.status === 'given'))
    ctx.out(
      p.dim(`${MARKS.done} solved by you, ${MARKS.given} passed with the solution copied in`),
    );
  ctx.out('');
  for (const { step, status, current } of states) {
    const colour = { done: p.green, given: p.yellow, current: p.cyan, pending: p.dim }[status];
    const pointer = current ? p.cyan('›') : ' ';
    const line = `${pointer} ${colour(MARKS[status])} ${step.number}  ${step.slug.padEnd(slugWidth)}  ${step.title}`;
    const notes = [
      ...(status === 'given' ? [p.yellow('(with the solution)')] : []),
      ...(current ? [p.cyan('(current)')] : []),
    ];
    ctx.out([line, ...notes].join('  '));
  }
  return 0;
}
