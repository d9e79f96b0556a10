import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { type Flags, UsageError } from '../args.ts';
import { stepDir } from '../workshop/manifest.ts';
import { portProblem, serverPort, startServer } from '../workshop/server.ts';
import { targetDir } from '../workshop/targets.ts';
import { type CommandContext, commandHint } from './context.ts';
import { resolveStep } from './steps.ts';

/** `workshop serve [step] [--solution]`: the working copy's (or solution's) server until Ctrl-C. */
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
  const problem = await portProblem(serverPort(flags.port));
  if (problem) {
    ctx.err(`Cannot serve: ${problem} (such as: ${commandHint('serve --port 8081')}).`);
    return 1;
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
  const what =
    flags.solution && step ? `the solution of step ${stepDir(step)}` : 'your working copy';
  ctx.err(`Serving ${what} (${shown}). Ctrl-C stops it.`);
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
