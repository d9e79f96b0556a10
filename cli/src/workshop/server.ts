import { createServer } from 'node:net';
import type { Readable } from 'node:stream';
import { execa } from 'execa';

/** tsx's loader, resolved from the command's own dependencies rather than the target's folder. */
const TSX_LOADER = import.meta.resolve('tsx');

export interface ServerOptions {
  /** The target's `src/server.ts`. */
  file: string;
  /** The folder the server runs in: the target's. */
  cwd: string;
  port?: string | undefined;
  /** 'inherit' for a terminal; 'pipe' when the Ink app shows the lines itself. */
  stdio: 'inherit' | 'pipe';
  /** Stops the server (SIGTERM, then SIGKILL after two seconds). */
  signal: AbortSignal;
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
    env: options.port ? { PORT: options.port } : {},
    stdio: options.stdio,
    cancelSignal: options.signal,
    forceKillAfterDelay: 2000,
    cleanup: true,
    reject: false,
    // A server's output is for reading as it comes, not for keeping.
    buffer: false,
  });
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
