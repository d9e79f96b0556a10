import { paint } from '../terminal.ts';
import { onFileChange, onSettledChanges } from '../workshop/changes.ts';
import { checkWorkspace } from '../workshop/checking.ts';
import { type Step, stepDir } from '../workshop/manifest.ts';
import { progressPath, readProgress } from '../workshop/progress.ts';
import type { CommandContext, RunChecks } from './context.ts';

/** What `check --watch` reports after each run: the verdict, as `check` says it. */
export type Verdict = (step: Step, passed: boolean) => string;

/**
 * `workshop check --watch`: checks the working copy, then again after every save under its
 * src/ or config/, until Ctrl-C (or q, on a terminal). The checker stays warm between runs, so a
 * re-check takes a fraction of the first. Each run is a whole run of the step's checks, and a
 * pass marks the step done, as `npm run check` does. When another step becomes the current one
 * (started, reset or restored here or in the app), it says so and checks that step from then on.
 */
export async function watchStep(
  ctx: CommandContext,
  runChecks: RunChecks,
  first: Step,
  url: string | undefined,
  verdict: Verdict,
): Promise<number> {
  let step = first;
  const p = paint(ctx.colour);
  const stopped = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stopped.signal]);
  let interrupted = false;
  const stopKeys = listenForQuit((ctrlC) => {
    interrupted = ctrlC;
    stopped.abort();
  });
  let running: Promise<void> | undefined;
  let again = false;
  let lastPassed = false;
  // The step checked before another became current, until the next run says so.
  let movedFrom: Step | undefined;

  // The step workspace/ holds now, by the progress file (the one watched if it names none).
  const currentStep = () => {
    const current = readProgress(ctx.dirs.stateDir).current;
    return ctx.steps.find((candidate) => stepDir(candidate) === current) ?? step;
  };
  const follow = () => {
    const next = currentStep();
    if (next === step) return;
    movedFrom = movedFrom ?? step;
    step = next;
    if (movedFrom === step) movedFrom = undefined; // moved away and back
  };

  const check = async (files: string[]) => {
    // Starting a step writes its files and the progress, in either order: whichever asks for
    // the run, it checks the step the workspace now holds.
    follow();
    // On a terminal, each run starts on a clean screen, so that its first failure stays in view.
    if (process.stdout.isTTY) process.stdout.write('\x1b[2J\x1b[3J\x1b[H');
    const why = files.length > 0 ? ` (saved ${files.join(', ')})` : '';
    ctx.out(p.dim(`── ${new Date().toLocaleTimeString()}: checking step ${stepDir(step)}${why}`));
    const moved = movedFrom;
    if (moved) {
      ctx.out(p.yellow(`workspace/ now holds step ${stepDir(step)}, not ${stepDir(moved)}.`));
    }
    const result = await checkWorkspace(ctx.dirs, runChecks, {
      step,
      url,
      stdio: 'inherit',
      signal,
      now: ctx.now,
    });
    if (result.aborted) return;
    // Said until a run's verdict stays on screen: a run queued behind this one clears it away
    // (starting a step writes its files, then the progress, and each asks for a run).
    if (!again && movedFrom === moved) movedFrom = undefined;
    lastPassed = result.passed;
    ctx.out('');
    ctx.out(result.passed ? p.green(verdict(step, true)) : p.red(verdict(step, false)));
    ctx.out(p.dim('Waiting for a save in workspace/src or workspace/config… (Ctrl-C or q stops)'));
  };
  // A save during a run asks for one more run once it ends, never two at once.
  const schedule = (files: string[]) => {
    if (running) {
      again = true;
      return;
    }
    running = check(files).finally(() => {
      running = undefined;
      if (again && !signal.aborted) {
        again = false;
        schedule([]);
      }
    });
  };

  const followed = () => {
    if (currentStep() !== step) schedule([]);
  };
  await Promise.all([
    onSettledChanges(ctx.dirs.workspaceDir, schedule, signal),
    onFileChange(progressPath(ctx.dirs.stateDir), followed, signal),
  ]);
  schedule([]);
  await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
  stopKeys();
  await running;
  if (ctx.signal.aborted || interrupted) return 130;
  return lastPassed ? 0 : 1;
}

/** On a terminal, q and Ctrl-C (a key in raw mode) stop; returns how to let go of the keyboard. */
function listenForQuit(quit: (ctrlC: boolean) => void): () => void {
  const { stdin } = process;
  if (!stdin.isTTY) return () => undefined;
  const onKey = (key: Buffer) => {
    const text = key.toString();
    if (text === 'q' || text === '\u0003') quit(text === '\u0003');
  };
  stdin.setRawMode(true);
  stdin.on('data', onKey);
  stdin.resume();
  return () => {
    stdin.off('data', onKey);
    stdin.setRawMode(false);
    stdin.pause();
  };
}
