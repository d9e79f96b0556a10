/**
 * The `workshop` command: `npm start` (the interactive app), `npm run check`, and
 * `npm run workshop -- <command>`. Plain commands never load ink or react, so they start fast.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseCommandLine, UsageError } from './args.ts';
import type { CommandContext, RunChecks } from './commands/context.ts';
import { describeFailure, failureJson } from './failure.ts';
import { whenOrphaned } from './orphaned.ts';
import { NOT_INTERACTIVE, runCommand } from './run.ts';
import { isInteractive, supportsHyperlinks, wantsColour, withoutColourForInk } from './terminal.ts';
import { promptConfirm } from './workshop/confirm.ts';
import { REPOSITORY_DIRS } from './workshop/dirs.ts';
import { loadManifest, type Step } from './workshop/manifest.ts';

/** How long the app's checker may take to close once the app is quit, before the process ends. */
const APP_CLOSE_WAIT_MS = 100;

const controller = new AbortController();
let signals = 0;
/** Whether the interactive app runs, rather than a command. */
let app = false;

/**
 * Ctrl-C and SIGTERM abort every child (vitest, servers) through the shared signal, then let the
 * command finish and report; a second signal, or children that will not stop, end it at once.
 */
function stop(signal: NodeJS.Signals): void {
  signals += 1;
  process.exitCode = signal === 'SIGINT' ? 130 : 143;
  controller.abort();
  if (signals > 1) process.exit();
  setTimeout(() => process.exit(), 3000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// A parent that died without passing its signal on (npm's shell) ends the command too.
const stopWatchingParent = whenOrphaned(() => stop('SIGTERM'));
// `workshop list | head -1`: a reader that went away is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit();
  throw error;
});

const interactive = isInteractive(process.stdin, process.stdout, process.env);
const dirs = REPOSITORY_DIRS;
let steps: Step[] | undefined;

function loadSteps(): Step[] {
  try {
    return loadManifest(`${dirs.exercisesDir}/steps.json`);
  } catch (error) {
    throw new Error(`cannot read the steps from exercises/steps.json: ${(error as Error).message}`);
  }
}

let warmChecks:
  | ReturnType<typeof import('./harness/warmChecks.ts').createWarmRunChecks>
  | undefined;

// One runner for the whole process: a check of the working copy keeps vitest and the
// type-check warm for the next (the app's `c`, `check --watch`).
const loadRunChecks = async (): Promise<RunChecks> => {
  warmChecks ??= (await import('./harness/warmChecks.ts')).createWarmRunChecks();
  return warmChecks.runChecks;
};

const ctx: CommandContext = {
  dirs,
  get steps() {
    steps ??= loadSteps();
    return steps;
  },
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  colour: wantsColour(process.stdout, process.env),
  hyperlinks: supportsHyperlinks(process.stdout, process.env),
  width: process.stdout.isTTY ? process.stdout.columns : 0,
  confirm: interactive ? promptConfirm : undefined,
  loadRunChecks,
  signal: controller.signal,
  now: () => new Date(),
};

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (argv.includes('--json')) ctx.out(failureJson(error.message, 2));
    ctx.err(`${error.message}\nAll the commands: npm run workshop -- help`);
    return 2;
  }
  if (parsed.command !== undefined) return runCommand(ctx, parsed);
  if (!interactive) {
    ctx.err(NOT_INTERACTIVE);
    return 2;
  }
  withoutColourForInk(ctx.colour, process.env);
  const { runApp } = await import('./ui/runApp.ts');
  app = true;
  return runApp({
    dirs,
    steps: ctx.steps,
    loadRunChecks,
    signal: controller.signal,
    now: ctx.now,
    colour: ctx.colour,
    hyperlinks: ctx.hyperlinks,
    // The app's checks are of the working copy, their output shown by the app (a pipe).
    prepareChecks: async (step) => {
      await loadRunChecks();
      warmChecks?.prepare({ step, target: dirs.workspaceDir, stdio: 'pipe' });
    },
  });
}

const code = await main(process.argv.slice(2)).catch((error: unknown) => {
  const said = describeFailure(error);
  if (process.argv.includes('--json')) ctx.out(failureJson(said, 1));
  ctx.err(`workshop: ${said}`);
  return 1;
});
// A signal already chose the exit code; otherwise the command's stands.
if (signals === 0) process.exitCode = code;
// Abort anything still running (a server the app started), so the process can end.
controller.abort();
if (app) {
  // Closing vitest waits for the check it runs (seconds, when the learner quits in the middle
  // of one), and its threads can keep the process alive after: the app has said what it
  // stopped, so the process ends now, the check's threads with it. The servers its checks
  // started end when their stdin does (harness/exitWithParent.ts).
  // Ctrl-C does not wait at all: the learner asked for the process to end.
  const wait = code === 130 ? 0 : APP_CLOSE_WAIT_MS;
  await Promise.race([warmChecks?.close(), sleep(wait, undefined, { ref: false })]);
  process.exit();
}
await warmChecks?.close();
process.off('SIGINT', stop);
process.off('SIGTERM', stop);
stopWatchingParent();
