import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { type Flags, UsageError } from '../args.ts';
import { workspaceCatalogue } from '../workshop/dirs.ts';
import { type Step, stepDir } from '../workshop/manifest.ts';
import { portProblem, serverPort, serveWhileSaving, startServer } from '../workshop/server.ts';
import { targetDir } from '../workshop/targets.ts';
import { type CommandContext, commandHint } from './context.ts';
import { resolveStep } from './steps.ts';

/**
 * `workshop serve [step] [--solution] [--trace]`: the working copy's server until Ctrl-C,
 * restarted after each save; or a step's solution's. With `--trace`, each request's way
 * through the pipeline is printed as it is answered.
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
  if (flags.trace) {
    ctx.err("Each request's way through the pipeline is printed as it is answered (--trace).");
  }
  if (!flags.solution) return serveWorkspace(ctx, shown, flags);
  ctx.err(`Serving the solution of step ${stepDir(step as Step)} (${shown}). Ctrl-C stops it.`);
  const result = await startServer({
    file,
    cwd: dir,
    port: flags.port,
    trace: flags.trace,
    stdio: 'inherit',
    signal: ctx.signal,
    catalogue: workspaceCatalogue(ctx.dirs),
  });
  if (ctx.signal.aborted || result.signal === 'SIGINT') return 130;
  return result.exitCode ?? 1;
}

/** Serves the working copy until Ctrl-C, restarted after each save and on a step change. */
async function serveWorkspace(ctx: CommandContext, shown: string, flags: Flags) {
  ctx.err(`Serving your working copy (${shown}); it restarts after each save. Ctrl-C stops it.`);
  await serveWhileSaving({
    file: `${ctx.dirs.workspaceDir}/src/server.ts`,
    cwd: ctx.dirs.workspaceDir,
    port: flags.port,
    trace: flags.trace,
    stdio: 'inherit',
    signal: ctx.signal,
    stateDir: ctx.dirs.stateDir,
    catalogue: workspaceCatalogue(ctx.dirs),
    say: (line) => ctx.err(line),
  });
  return 130;
}
