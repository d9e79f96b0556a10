import { type Flags, UsageError } from '../args.ts';
import { paint } from '../terminal.ts';
import {
  type Hint,
  hintNumber,
  hintPlace,
  namedHint,
  namesNoHint,
  nextHint,
  noHintNamed,
  readHints,
} from '../workshop/hints.ts';
import { type Step, stepDir } from '../workshop/manifest.ts';
import { stepMarkdown } from '../workshop/readme.ts';
import { type CommandContext, commandHint } from './context.ts';
import { resolveStep } from './steps.ts';

/**
 * `workshop hint [step] [N] [--next]`: the hint the last failed check named (else the first
 * not read yet), every time; with `--next` the one after the hint shown last; or hint N.
 */
export function hint(
  ctx: CommandContext,
  query: string | undefined,
  flags: Flags,
  which?: string,
): number {
  const step = resolveStep(ctx, query);
  if (which !== undefined && flags.next) {
    throw new UsageError('Give a hint number or --next, not both.');
  }
  const options = { peek: flags.json };
  const found =
    which !== undefined
      ? hintNumber(ctx.dirs, step, numberOf(ctx, step, which), options)
      : flags.next
        ? nextHint(ctx.dirs, step, options)
        : namedHint(ctx.dirs, step, options);
  if (flags.json) {
    ctx.out(JSON.stringify({ step: stepDir(step), ...(found ?? NO_HINT) }, null, 2));
    return 0;
  }
  if (!found) {
    ctx.out(noHint(ctx, step, flags.next));
    return 0;
  }
  const p = paint(ctx.colour);
  ctx.out(p.bold(`Hint ${hintPlace(found)}, step ${stepDir(step)}`));
  ctx.out('');
  ctx.out(stepMarkdown(ctx.dirs, step, found.text, ctx));
  ctx.out(p.dim(`\n${afterHint(ctx, step, found)}`));
  return 0;
}

const NO_HINT = { number: 0, total: 0, rule: null, rung: 0, rungs: 0, next: null, text: null };

/** The hint number asked for, checked against the step's hints. */
function numberOf(ctx: CommandContext, step: Step, which: string): number {
  const number = Number(which);
  const total = readHints(ctx.dirs, step).length;
  if (Number.isInteger(number) && number >= 1 && number <= total) return number;
  throw new UsageError(
    total === 0
      ? `Step ${stepDir(step)} has no hints.`
      : `Step ${stepDir(step)} has hints 1 to ${total}, not "${which}".`,
  );
}

function noHint(ctx: CommandContext, step: Step, next: boolean | undefined): string {
  if (readHints(ctx.dirs, step).length === 0) return `Step ${stepDir(step)} has no hints.`;
  if (!next && namesNoHint(ctx.dirs, step))
    return noHintNamed(step, commandHint(`hint ${step.number} --next`));
  if (!next) return `Step ${stepDir(step)} has no hints.`;
  return `There is no hint after the last of step ${stepDir(step)}. ${diffLine(step)}`;
}

/** What the learner can do after reading a hint: climb on, or compare with the solution. */
export function afterHint(ctx: CommandContext, step: Step, shown: Hint): string {
  const next = shown.next === undefined ? undefined : readHints(ctx.dirs, step)[shown.next - 1];
  if (!next) return `That is the last hint. ${diffLine(step)}`;
  return `Need more? ${commandHint(`hint ${step.number} --next`)} shows hint ${hintPlace(next)}.`;
}

function diffLine(step: Step): string {
  return `${commandHint(`diff ${step.number}`)} compares your files with the solution.`;
}
