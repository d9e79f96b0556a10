import { UsageError } from '../args.ts';
import { findStep, type Step } from '../workshop/manifest.ts';
import { currentStep, readProgress } from '../workshop/progress.ts';
import { type CommandContext, commandHint } from './context.ts';

/** The step a command names, else the current one; a usage error when there is neither. */
export function resolveStep(ctx: CommandContext, query: string | undefined): Step {
  if (query !== undefined) {
    try {
      return findStep(ctx.steps, query);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  const step = currentStep(ctx.steps, readProgress(ctx.dirs.stateDir));
  if (!step) {
    const first = ctx.steps[0]?.number ?? '01';
    throw new UsageError(
      `No step is started yet. Name one, or start the first: ${commandHint(`start ${first}`)}`,
    );
  }
  return step;
}
