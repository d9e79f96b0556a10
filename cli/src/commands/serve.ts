import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Flags, UsageError } from '../args.ts';
import { onFileChange, onSettledChanges } from '../workshop/changes.ts';
import { type Step, stepDir } from '../workshop/manifest.ts';
import { progressPath, readProgress } from '../workshop/progress.ts';
import { portProblem, type ServerProcess, serverPort, startServer } from '../workshop/server.ts';
import { targetDir } from '../workshop/targets.ts';
import { type CommandContext, commandHint } from './context.ts';
import { resolveStep } from './steps.ts';

/**
 * `workshop serve [step] [--solution]`: the working copy's server until Ctrl-C, restarted after
 * each save; or a step's solution's.
 */
export async function serve(ctx: CommandContext, query: string | undefined, flags: Flags) {
  if (
    flags.port !== undefined &&
    !(/^\d{1,5}$/.test(flags.port) && Number(flags.port) >= 1 && Number(flags.port) <= 65535)
  ) {
    throw new UsageError(`--port must be a port number from 1 to 65535, not "${flags.port}"`);
  }
  // The working copy is one folder whatever the step: a step means its solution.
  if (query !== undefined && !flags.solution) {
    throw new UsageError(
      `serve runs workspace/, whatever the step: leave out "${query}", or serve that step's solution with: ${commandHint(`serve ${query} --solution`)}`,
    );
  }
  const step = flags.solution ? resolveStep(ctx, query) : null;
  const dir =
    flags.solution && step ? targetDir('solution', step, ctx.dirs) : ctx.dirs.workspaceDir;
  const file = `${dir}/src/server.ts`;
  const shown = relative(ctx.dirs.root, file);
  if (!existsSync(file)) {
    ctx.err(
      `There is no ${shown} to serve yet. Start a step first: ${commandHint(`start ${ctx.steps[0]?.number ?? '01'}`)}`,
    );
    return 1;
  }
  const problem = await portProblem(serverPort(flags.port));
  if (problem) {
    ctx.err(`Cannot serve: ${problem} (such as: ${commandHint('serve --port 8081')}).`);
    return 1;
  }
  if (!flags.solution) return serveWorkspace(ctx, shown, flags.port);
  ctx.err(`Serving the solution of step ${stepDir(step as Step)} (${shown}). Ctrl-C stops it.`);
  const result = await startServer({
    file,
    cwd: dir,
    port: flags.port,
    stdio: 'inherit',
    signal: ctx.signal,
  });
  if (ctx.signal.aborted || result.signal === 'SIGINT') return 130;
  return result.exitCode ?? 1;
}

/**
 * Serves the working copy until Ctrl-C, and starts its server again after every save under
 * src/ or config/, and when another step becomes current: an answer never comes from code
 * that is no longer there.
 */
async function serveWorkspace(ctx: CommandContext, shown: string, port: string | undefined) {
  const dir = ctx.dirs.workspaceDir;
  ctx.err(`Serving your working copy (${shown}); it restarts after each save. Ctrl-C stops it.`);
  let stop = new AbortController();
  let server: ServerProcess | undefined;
  const start = () => {
    stop = new AbortController();
    const current = startServer({
      file: `${dir}/src/server.ts`,
      cwd: dir,
      port,
      stdio: 'inherit',
      signal: AbortSignal.any([ctx.signal, stop.signal]),
    });
    server = current;
    void Promise.resolve(current).then((result) => {
      if (server !== current || ctx.signal.aborted) return; // stopped to restart, or Ctrl-C
      ctx.err(
        `The server stopped (exit code ${result.exitCode ?? result.signal}); it starts again after your next save.`,
      );
    });
  };
  // Restarts run one after another, each once the server before it has exited; reasons that
  // come while one waits to run (a new step's files, then progress.json) make one restart.
  let restarting = Promise.resolve();
  let reasons: string[] = [];
  const restart = (why: string) => {
    reasons.push(why);
    if (reasons.length > 1) return;
    restarting = restarting.then(async () => {
      await sleep(150); // the other reasons of the same moment
      if (ctx.signal.aborted) return;
      const previous = server;
      server = undefined;
      stop.abort();
      await previous;
      ctx.err(`Restarted after ${reasons.join(', and ')}.`);
      reasons = [];
      start();
    });
  };
  let held = readProgress(ctx.dirs.stateDir).current;
  await Promise.all([
    onSettledChanges(dir, (files) => restart(`a change to ${files.join(', ')}`), ctx.signal),
    onFileChange(
      progressPath(ctx.dirs.stateDir),
      () => {
        const current = readProgress(ctx.dirs.stateDir).current;
        if (current === held) return;
        held = current;
        restart(`workspace/ became step ${current}`);
      },
      ctx.signal,
    ),
  ]);
  start();
  await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
  await restarting;
  await server;
  return 130;
}
