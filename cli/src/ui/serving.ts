import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { workspaceCatalogue } from '../workshop/dirs.ts';
import { portProblem, serverPort, serveWhileSaving } from '../workshop/server.ts';
import { type ActionContext, childController, log } from './actions.ts';

/**
 * The `v` key: serves the working copy, or stops the server that runs. Unlike the other
 * actions it is not a task: the server runs on while the learner checks, reads and edits.
 */
export async function serve(ctx: ActionContext): Promise<void> {
  if (ctx.server.current) return ctx.server.current.abort();
  const file = `${ctx.dirs.workspaceDir}/src/server.ts`;
  if (!existsSync(file)) {
    log(ctx, 'There is no workspace/src/server.ts to serve yet: start a step first.', 'yellow');
    return;
  }
  const problem = await portProblem(serverPort(undefined));
  if (problem) {
    const instead = 'quit, then: npm run workshop -- serve --port 8081';
    return log(ctx, `Cannot serve: ${problem} (${instead}).`, 'yellow');
  }
  const controller = childController(ctx.signal);
  ctx.server.current = controller;
  ctx.dispatch({ type: 'serving', serving: true });
  log(
    ctx,
    'Serving your working copy (workspace/src/server.ts); it restarts after each save. Press v to stop it.',
    'cyan',
  );
  // Not awaited: `v` returns at once, and the promise settles when the server is stopped.
  void serveWhileSaving({
    file,
    cwd: ctx.dirs.workspaceDir,
    stdio: 'pipe',
    signal: controller.signal,
    stateDir: ctx.dirs.stateDir,
    catalogue: workspaceCatalogue(ctx.dirs),
    startServer: ctx.startServer,
    say: (line) => log(ctx, line, 'cyan'),
    started: (child) => {
      for (const stream of [child.stdout, child.stderr]) logLines(ctx, stream);
    },
  }).then(() => {
    ctx.server.current = null;
    ctx.dispatch({ type: 'serving', serving: false });
    log(ctx, 'The server stopped.', 'gray');
  });
}

/** The server's own output, line by line in the log, marked as the server's. */
function logLines(ctx: ActionContext, stream: Readable | null): void {
  if (!stream) return;
  createInterface({ input: stream }).on('line', (line) => log(ctx, `server │ ${line}`, 'gray'));
}
