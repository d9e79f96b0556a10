import { existsSync } from 'node:fs';
import { checkWorkspace } from '../workshop/checking.ts';
import type { ChecksRun, RunChecks } from '../workshop/checksRun.ts';
import { colourPatch, diffStep } from '../workshop/diff.ts';
import type { WorkshopDirs } from '../workshop/dirs.ts';
import {
  hintPlace,
  namedHint,
  namesNoHint,
  nextHint,
  noHintNamed,
  readHints,
} from '../workshop/hints.ts';
import { type Step, stepDir } from '../workshop/manifest.ts';
import {
  describeOutcome,
  fastForwardNote,
  skippedStep,
  skipQuestion,
  startOptions,
} from '../workshop/moving.ts';
import {
  currentStep,
  markSkippedGiven,
  markSolutionUsed,
  nextStep,
  nextStepWords,
  readProgress,
  setCurrent,
} from '../workshop/progress.ts';
import { type Display, stepMarkdown, stepReadme } from '../workshop/readme.ts';
import { recap } from '../workshop/recap.ts';
import { type Confirm, scaffold } from '../workshop/scaffold.ts';
import type { ServerOptions, ServerProcess } from '../workshop/server.ts';
import { targetDir } from '../workshop/targets.ts';
import type { AppEvent, LogLine } from './appState.ts';
import { failureSummary } from './failureSummary.ts';

/**
 * What the learner's keys do: plain functions, outside the component, that do the work (files,
 * checks, hints) and report it to the app's state as events (appState.ts).
 */

/** Something the learner can stop, which also stops when the whole process is asked to. */
export interface Stoppable {
  signal: AbortSignal;
  abort(): void;
}

/** A value that outlives renders: a React ref, or any object with `current`. */
export interface Holder<T> {
  current: T;
}

/** Everything the actions need, handed in by the component so that they hold no state. */
export interface ActionContext {
  dirs: WorkshopDirs;
  steps: readonly Step[];
  /** Aborted when the process is asked to stop: ends checks and the server. */
  signal: AbortSignal;
  now(): Date;
  loadRunChecks(): Promise<RunChecks>;
  startServer(options: ServerOptions): ServerProcess;
  /** How READMEs and hints are rendered: at the terminal's width as it is now. */
  display: Display;
  dispatch(event: AppEvent): void;
  /** Asks yes/no in the app's status line (see {@link askInApp}). */
  ask: Confirm;
  /** Gets a step's checks ready in the background, so that `c` answers fast. */
  prepareChecks(step: Step): void;
  /** Reads the progress file again: an action may have written it. */
  reloadProgress(): void;
  /** The running action, which Esc cancels. */
  task: Holder<Stoppable | null>;
  /** The running server, which `v` stops. */
  server: Holder<Stoppable | null>;
}

export function log(ctx: ActionContext, text: string, color?: string): void {
  ctx.dispatch({ type: 'log', text, color });
}

export function childController(parent: AbortSignal): Stoppable {
  const own = new AbortController();
  // AbortSignal.any holds the parent weakly: no listener piles up on it per action.
  return { signal: AbortSignal.any([parent, own.signal]), abort: () => own.abort() };
}

/**
 * A Confirm that shows the question in the status line and waits: the question's keys call
 * `answer`, which the component holds because a function has no place in the state.
 */
export function askInApp(
  answer: Holder<((yes: boolean) => void) | null>,
  dispatch: (event: AppEvent) => void,
): Confirm {
  return (question) =>
    new Promise<boolean>((resolve) => {
      answer.current = (yes) => {
        answer.current = null;
        dispatch({ type: 'answered' });
        resolve(yes);
      };
      dispatch({ type: 'asked', question });
    });
}

/**
 * Runs an action with a busy status line, which also keeps other actions' keys out until it
 * ends. An error is reported in the log: a failed copy must not close the app.
 */
async function runTask(
  ctx: ActionContext,
  label: string,
  work: (signal: AbortSignal) => Promise<void> | void,
): Promise<void> {
  const controller = childController(ctx.signal);
  ctx.task.current = controller;
  ctx.dispatch({ type: 'taskStarted', label, startedAt: Date.now() });
  try {
    await work(controller.signal);
  } catch (error) {
    log(ctx, `✘ ${(error as Error).message}`, 'red');
  } finally {
    ctx.task.current = null;
    ctx.dispatch({ type: 'taskEnded' });
    ctx.reloadProgress();
  }
}

const NOTHING_REPLACED = 'Nothing was replaced: your files are as they were.';

/** Copies a step's starter or solution into workspace/, asking first where files would be lost. */
async function copyIn(ctx: ActionContext, step: Step, kind: 'starter' | 'solution') {
  const { dirs, steps } = ctx;
  const held = readProgress(dirs.stateDir);
  // Never a step the learner did not mean: one past a step not done yet is asked first.
  const skipped = kind === 'starter' ? skippedStep(steps, held, step) : null;
  if (skipped && !(await ctx.ask(skipQuestion(steps, skipped, step)))) {
    log(ctx, NOTHING_REPLACED, 'yellow');
    return false;
  }
  const outcome = await scaffold(dirs, targetDir(kind, step, dirs), {
    ...(kind === 'starter' ? startOptions(steps, held, step) : {}),
    heldStep: held.current,
    confirm: ctx.ask,
    now: ctx.now(),
  });
  if (outcome.status !== 'written') {
    log(ctx, NOTHING_REPLACED, 'yellow');
    return false;
  }
  setCurrent(dirs.stateDir, step);
  const fastForwarded =
    kind === 'solution' ? markSkippedGiven(dirs.stateDir, steps, step, ctx.now()) : [];
  if (kind === 'solution') markSolutionUsed(dirs.stateDir, step, ctx.now());
  // The last check was of other files.
  ctx.dispatch({ type: 'checked', failure: null });
  for (const line of describeOutcome(dirs, outcome)) log(ctx, line, 'yellow');
  const written =
    outcome.written.length > 0 ? `wrote ${outcome.written.join(', ')}` : 'nothing to write';
  log(ctx, `Step ${stepDir(step)}: copied the ${kind} into workspace/ (${written}).`, 'green');
  if (fastForwarded.length > 0) log(ctx, fastForwardNote(fastForwarded, step), 'yellow');
  return true;
}

/** Shows a step's README; `afterward` is said when the learner leaves it. */
export function readme(ctx: ActionContext, step: Step, afterward?: LogLine): void {
  const text = stepReadme(ctx.dirs, step, ctx.display);
  if (text) {
    ctx.dispatch({ type: 'readmeOpened', text, afterward });
    return;
  }
  log(ctx, `Step ${stepDir(step)} has no README.`, 'yellow');
  // What to do next is said either way.
  if (afterward) log(ctx, afterward.text, afterward.color);
}

export function start(ctx: ActionContext, step: Step): Promise<void> {
  return runTask(ctx, `Starting ${stepDir(step)}…`, async () => {
    if (!(await copyIn(ctx, step, 'starter'))) return;
    ctx.prepareChecks(step);
    // The README first, as the step's task; what to do next once the learner leaves it.
    readme(ctx, step, {
      text: 'Edit the files in workspace/, then press c to check (or run npm run check); i shows the README again.',
      color: 'cyan',
    });
  });
}

export async function check(ctx: ActionContext, step: Step): Promise<void> {
  if (!existsSync(`${ctx.dirs.workspaceDir}/src/app.ts`)) {
    log(ctx, 'There is nothing in workspace/ to check yet: press enter to start a step.', 'yellow');
    return;
  }
  await runTask(ctx, `Checking ${stepDir(step)}…`, async (signal) => {
    const runChecks = await ctx.loadRunChecks();
    const result = await checkWorkspace(ctx.dirs, runChecks, {
      step,
      stdio: 'pipe',
      signal,
      now: ctx.now,
    });
    if (signal.aborted) return log(ctx, 'Check cancelled.', 'yellow');
    reportCheck(ctx, step, result);
  });
}

/** The checks' report goes to the log, then what it means for the learner. */
function reportCheck(ctx: ActionContext, step: Step, result: ChecksRun): void {
  if (result.output.trim()) log(ctx, result.output.trimEnd());
  if (result.passed) reportPass(ctx, step);
  else reportFailure(ctx, step, result);
}

/** The failure stays in view under the report, naming the hint that fixes it. */
function reportFailure(ctx: ActionContext, step: Step, result: ChecksRun): void {
  const summary = failureSummary(result.output);
  ctx.dispatch({ type: 'checked', failure: { step: stepDir(step), summary, hint: result.hint } });
  const named = result.hint === undefined ? undefined : readHints(ctx.dirs, step)[result.hint - 1];
  const which = named ? `hint ${hintPlace(named)}` : 'a hint';
  const then = `Press h for ${which}, n for the next one, d to compare with the solution.`;
  log(ctx, `✘ Step ${stepDir(step)} does not pass yet. ${then}`, 'red');
}

/** A pass moves the selection on to the next step, or recaps the workshop after the last. */
function reportPass(ctx: ActionContext, step: Step): void {
  const { steps, dirs } = ctx;
  ctx.dispatch({ type: 'checked', failure: null });
  const next = nextStep(steps, readProgress(dirs.stateDir), step);
  const then = next
    ? ` Select ${stepDir(next)} and press enter for ${nextStepWords(steps, step, next)}.`
    : `\n\n${recap(steps)}`;
  log(ctx, `✔ Step ${stepDir(step)} passes.${then}`, 'green');
  if (next) ctx.dispatch({ type: 'select', index: steps.indexOf(next) });
}

/** `h`: the hint the last failure named (else the first not read); `n`: the one after the last shown. */
export function hint(ctx: ActionContext, step: Step, which: 'named' | 'next'): Promise<void> {
  return runTask(ctx, 'Finding a hint…', () => {
    const found = which === 'next' ? nextHint(ctx.dirs, step) : namedHint(ctx.dirs, step);
    if (!found) {
      const none = readHints(ctx.dirs, step).length === 0;
      return log(
        ctx,
        none
          ? `Step ${stepDir(step)} has no hints.`
          : which === 'named' && namesNoHint(ctx.dirs, step)
            ? noHintNamed(step, 'n')
            : `There is no hint after the last of step ${stepDir(step)}: d compares your files with the solution.`,
        'yellow',
      );
    }
    const title = `Hint ${hintPlace(found)}, step ${stepDir(step)}`;
    const next = found.next === undefined ? undefined : readHints(ctx.dirs, step)[found.next - 1];
    const after = next
      ? `Need more? n shows hint ${hintPlace(next)}.`
      : 'That is the last hint: d compares your files with the solution.';
    const text = stepMarkdown(ctx.dirs, step, found.text, ctx.display);
    log(ctx, `${title}\n\n${text}\n\n${after}`, 'magenta');
  });
}

export function diff(ctx: ActionContext, step: Step): Promise<void> {
  return runTask(ctx, 'Comparing…', async () => {
    // The differences are the solution, line by line: a spoiler, as `o` is.
    const question = `Show how your files differ from the solution of step ${stepDir(step)}?`;
    if (!(await ctx.ask(question))) return;
    const changed = diffStep(ctx.dirs, step).filter((file) => file.patch !== '');
    if (changed.length === 0)
      return log(ctx, `Your files match the solution of step ${stepDir(step)}.`, 'green');
    log(ctx, changed.map((file) => colourPatch(file.patch.trimEnd())).join('\n'));
    log(ctx, '"-" is your working copy, "+" the solution.', 'gray');
  });
}

export function solution(ctx: ActionContext, step: Step): Promise<void> {
  return runTask(ctx, `Copying the solution of ${stepDir(step)}…`, async () => {
    if (!(await ctx.ask(`Copy the solution of step ${stepDir(step)} into workspace/?`))) return;
    await copyIn(ctx, step, 'solution');
  });
}

/** Puts the starter of the step in workspace/ back, whichever step is selected. */
export async function reset(ctx: ActionContext): Promise<void> {
  const step = currentStep(ctx.steps, readProgress(ctx.dirs.stateDir));
  if (!step) return log(ctx, 'No step is started yet: select one and press enter.', 'yellow');
  await runTask(ctx, `Resetting ${stepDir(step)}…`, async () => {
    await copyIn(ctx, step, 'starter');
  });
}

export function quit(ctx: ActionContext, running?: string): void {
  // Said before the app closes, so that a quit in the middle of a check does not look lost.
  const stopped = [
    ctx.task.current && running ? running.replace(/…$/, '') : undefined,
    ctx.server.current ? 'the server of workspace/' : undefined,
  ].filter((what) => what !== undefined);
  if (stopped.length > 0) log(ctx, `Stopped: ${stopped.join(', and ')}.`, 'yellow');
  ctx.task.current?.abort();
  ctx.server.current?.abort();
  // The component exits after one more render without the busy line, so no spinner stays.
  ctx.dispatch({ type: 'quit' });
}
