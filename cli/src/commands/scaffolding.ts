import { relative } from 'node:path';
import type { Flags } from '../args.ts';
import { paint } from '../terminal.ts';
import { type Step, stepDir } from '../workshop/manifest.ts';
import {
  describeOutcome,
  fastForwardNote,
  skippedStep,
  skipQuestion,
  startOptions,
} from '../workshop/moving.ts';
import {
  markSkippedGiven,
  markSolutionUsed,
  readProgress,
  setCurrent,
} from '../workshop/progress.ts';
import { stepReadme } from '../workshop/readme.ts';
import { describeConflicts, scaffold } from '../workshop/scaffold.ts';
import { targetDir } from '../workshop/targets.ts';
import { type CommandContext, commandHint } from './context.ts';
import { resolveStep } from './steps.ts';

/**
 * Copies a step's starter or solution into the working copy and makes the step current.
 * Changed files are replaced only with --force or a yes at the terminal, and backed up first;
 * --force also takes out every other file of src/ and config/, backing up the learner's.
 */
async function copyIn(
  ctx: CommandContext,
  step: Step,
  kind: 'starter' | 'solution',
  flags: Flags,
  again: string,
): Promise<number> {
  const p = paint(ctx.colour);
  const progress = readProgress(ctx.dirs.stateDir);
  const skipped =
    kind === 'starter' && !flags.force ? skippedStep(ctx.steps, progress, step) : null;
  if (skipped && ctx.confirm && !(await ctx.confirm(skipQuestion(ctx.steps, skipped, step)))) {
    ctx.err('Nothing was replaced.');
    return 1;
  }
  if (skipped && !ctx.confirm) {
    ctx.out(
      p.yellow(`Step ${stepDir(skipped)} is not done yet: starting ${stepDir(step)} skips it.`),
    );
  }
  const moving = kind === 'starter' ? startOptions(ctx.steps, progress, step) : {};
  const outcome = await scaffold(ctx.dirs, targetDir(kind, step, ctx.dirs), {
    ...moving,
    force: flags.force || moving.force,
    // --force says: this step's files, as they are. Anything else in src/ and config/ goes too.
    exact: flags.force === true,
    heldStep: progress.current,
    confirm: ctx.confirm,
    now: ctx.now(),
  });
  if (outcome.status !== 'written') {
    if (outcome.status === 'needs-force') {
      ctx.err(describeConflicts(outcome.conflicts));
      ctx.err(
        `Nothing was replaced. To replace them (yours are backed up first), run: ${commandHint(`${again} --force`)}`,
      );
    } else {
      ctx.err('Nothing was replaced.');
    }
    return 1;
  }
  setCurrent(ctx.dirs.stateDir, step);
  const fastForwarded =
    kind === 'solution' ? markSkippedGiven(ctx.dirs.stateDir, ctx.steps, step, ctx.now()) : [];
  if (kind === 'solution') markSolutionUsed(ctx.dirs.stateDir, step, ctx.now());
  const workspace = relative(ctx.dirs.root, ctx.dirs.workspaceDir) || '.';
  const what = kind === 'starter' ? 'starter' : 'solution';
  for (const line of describeOutcome(ctx.dirs, outcome)) ctx.out(p.yellow(line));
  const written =
    outcome.written.length > 0 ? `wrote ${outcome.written.join(', ')}` : 'nothing to write';
  ctx.out(p.green(`Step ${stepDir(step)}: copied the ${what} into ${workspace}/ (${written}).`));
  if (fastForwarded.length > 0) ctx.out(p.yellow(fastForwardNote(fastForwarded, step)));
  return 0;
}

/** `workshop start <step>`: the step's starter into workspace/, then its README. */
export async function start(ctx: CommandContext, query: string | undefined, flags: Flags) {
  if (query === undefined) {
    const first = ctx.steps[0]?.number ?? '01';
    ctx.err(`Which step? For the first: ${commandHint(`start ${first}`)}`);
    return 2;
  }
  const step = resolveStep(ctx, query);
  const code = await copyIn(ctx, step, 'starter', flags, `start ${step.number}`);
  if (code !== 0) return code;
  const text = stepReadme(ctx.dirs, step, ctx);
  if (text) ctx.out(`\n${text}\n`);
  ctx.out(`Edit the files in workspace/, then run: npm run check`);
  return 0;
}

/** `workshop reset [step]`: the (current) step's starter again. */
export async function reset(ctx: CommandContext, query: string | undefined, flags: Flags) {
  const step = resolveStep(ctx, query);
  return copyIn(
    ctx,
    step,
    'starter',
    flags,
    query === undefined ? 'reset' : `reset ${step.number}`,
  );
}

/** `workshop solution [step]`: the (current) step's solution into workspace/. */
export async function solution(ctx: CommandContext, query: string | undefined, flags: Flags) {
  const step = resolveStep(ctx, query);
  return copyIn(ctx, step, 'solution', flags, `solution ${step.number}`);
}
