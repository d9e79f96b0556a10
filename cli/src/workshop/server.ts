import { createServer } from 'node:net';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { onFileChange, onSettledChanges } from './changes.ts';
import { progressPath, readProgress } from './progress.ts';

/** tsx's loader, resolved from the command's own dependencies rather than the target's folder. */
const TSX_LOADER = import.meta.resolve('tsx');

export interface ServerOptions {
  /** The target's `src/server.ts`. */
  file: string;
  /** The folder the server runs in: the target's. */
  cwd: string;
  port?: string | undefined;
  /** Print each request's pipeline trace (`HYPERPIPE_TRACE=log`) on the server's stderr. */
  trace?: boolean | undefined;
  /** 'inherit' for a terminal; 'pipe' when the Ink app shows the lines itself. */
  stdio: 'inherit' | 'pipe';
  /** Stops the server (SIGTERM, then SIGKILL after two seconds). */
  signal: AbortSignal;
  /** The catalogue file the server opens (`CONFERENCE_DB`); see `workspaceCatalogue`. */
  catalogue?: string | undefined;
}

/** A running server: its output (when piped), and a promise of how it ended. */
export interface ServerProcess
  extends PromiseLike<{ exitCode?: number | undefined; signal?: string | undefined }> {
  stdout: Readable | null;
  stderr: Readable | null;
}

/**
 * Runs a target's server in a child node process with tsx's loader (one process, so one to
 * stop). execa's `cleanup` ends it if this process exits first.
 */
export function startServer(options: ServerOptions): ServerProcess {
  return execa(process.execPath, ['--import', TSX_LOADER, options.file], {
    cwd: options.cwd,
    env: {
      ...(options.catalogue ? { CONFERENCE_DB: options.catalogue } : {}),
      ...(options.port ? { PORT: options.port } : {}),
      ...(options.trace ? { HYPERPIPE_TRACE: 'log' } : {}),
    },
    stdio: options.stdio,
    cancelSignal: options.signal,
    forceKillAfterDelay: 2000,
    cleanup: true,
    reject: false,
    // A server's output is for reading as it comes, not for keeping.
    buffer: false,
  });
}

/** Options of {@link serveWhileSaving}. */
export interface RestartingServerOptions extends ServerOptions {
  /** The workshop's state folder: a change of the current step restarts the server too. */
  stateDir: string;
  /** Says why the server restarted, or that it stopped by itself. */
  say(line: string): void;
  /** Each run of the server, as it starts (the app reads its output). */
  started?(server: ServerProcess): void;
  /** Starts one run; {@link startServer} by default (tests give their own). */
  startServer?(options: ServerOptions): ServerProcess;
}

/**
 * Serves a working copy until `signal` aborts, and starts its server again after every save
 * under src/ or config/, and when another step becomes current, saying why: an answer never
 * comes from code that is no longer there. A server that stops by itself starts again at the
 * next save. Resolves once the last run has ended.
 */
export async function serveWhileSaving(options: RestartingServerOptions): Promise<void> {
  const { signal, say } = options;
  const launch = options.startServer ?? startServer;
  let stop = new AbortController();
  let server: ServerProcess | undefined;
  const start = () => {
    stop = new AbortController();
    const { file, cwd, port, trace, stdio, catalogue } = options;
    const current = launch({
      file,
      cwd,
      port,
      trace,
      stdio,
      catalogue,
      signal: AbortSignal.any([signal, stop.signal]),
    });
    server = current;
    options.started?.(current);
    void Promise.resolve(current).then((result) => {
      if (server !== current || signal.aborted) return; // stopped to restart, or for good
      say(
        `The server stopped (exit code ${result.exitCode ?? result.signal}); it starts again after your next save.`,
      );
    });
  };
  // Restarts run one after another, each once the run before it has exited; reasons that come
  // in the same moment (a new step's files, then progress.json) make one restart.
  let restarting = Promise.resolve();
  let reasons: string[] = [];
  const restart = (why: string) => {
    reasons.push(why);
    if (reasons.length > 1) return;
    restarting = restarting.then(async () => {
      await sleep(150);
      if (signal.aborted) return;
      const previous = server;
      server = undefined;
      stop.abort();
      await previous;
      say(`Restarted after ${reasons.join(', and ')}.`);
      reasons = [];
      start();
    });
  };
  let held = readProgress(options.stateDir).current;
  // Watching first: a save made while the server starts is not missed.
  await Promise.all([
    onSettledChanges(options.cwd, (files) => restart(`a change to ${files.join(', ')}`), signal),
    onFileChange(
      progressPath(options.stateDir),
      () => {
        const current = readProgress(options.stateDir).current;
        if (current === held) return;
        held = current;
        restart(`workspace/ became step ${current}`);
      },
      signal,
    ),
  ]);
  start();
  if (!signal.aborted) {
    await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
  }
  await restarting;
  await server;
}

/** The port a workshop server listens on: `--port`, else PORT, else 8080 (as app.run() does). */
export function serverPort(port: string | undefined): number {
  return Number(port ?? process.env.PORT ?? 8080);
}

/**
 * Why the server could not listen on `port`, in a sentence, or null when it can. Asked before
 * the server starts, so a port taken by another program (or a server left running) reads as
 * advice rather than as an EADDRINUSE stack trace from the learner's server.ts.
 */
export function portProblem(port: number, host = process.env.HOST ?? '127.0.0.1') {
  return new Promise<string | null>((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === 'EADDRINUSE'
          ? `port ${port} is in use, try --port ${port === 65535 ? port - 1 : port + 1}`
          : `cannot listen on ${host}:${port}: ${error.message}`,
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}
