import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { checkContext } from './context.ts';
import { CheckFailure, errorMessage, excerpt } from './report.ts';

const EXIT_WITH_PARENT = new URL('./exitWithParent.ts', import.meta.url).href;

/**
 * How the learner's TypeScript runs: with Node's own type stripping, which answers in about
 * 0.15 s, or, when the code needs more than stripping, with tsx (about 0.4 s, which a warm
 * re-check of steps 01 and 02 feels).
 */
type Loader = 'node' | 'tsx';
const LOADERS: Record<Loader, string[]> = { node: [], tsx: ['--import', 'tsx'] };
const COMMANDS: Record<Loader, string> = {
  node: 'node src/server.ts',
  tsx: 'node --import tsx src/server.ts',
};
/** What Node says of TypeScript it cannot run by stripping types alone. */
const NEEDS_TSX =
  /ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX|ERR_INVALID_TYPESCRIPT_SYNTAX|ERR_MODULE_NOT_FOUND|ERR_UNKNOWN_FILE_EXTENSION|ERR_UNSUPPORTED_DIR_IMPORT/;

/** A server started from the target's `src/server.ts`. */
export interface ServedTarget {
  /** Its origin, such as `http://localhost:41234`. */
  readonly url: string;
  /** What it printed so far. */
  output(): string;
  /** Stops it (SIGTERM, then SIGKILL) and resolves once it has exited. */
  stop(): Promise<void>;
}

/** Options of {@link serveTarget}. */
export interface ServeTargetOptions {
  /** How long the server may take to answer its first request; 10 s by default. */
  timeoutMs?: number | undefined;
  /** The hint to read when it never answers. */
  hint?: number | undefined;
}

/**
 * Runs the target's `src/server.ts` with a free `PORT` (by Node's type stripping, else with
 * tsx), and resolves once it answers HTTP (any status). Fails the check with the server's
 * output when it exits first or never answers.
 */
export async function serveTarget(
  options: ServeTargetOptions = {},
  loader: Loader = 'node',
): Promise<ServedTarget> {
  const { target } = checkContext();
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = execa(
    process.execPath,
    [...LOADERS[loader], '--import', EXIT_WITH_PARENT, 'src/server.ts'],
    {
      cwd: target,
      // Traced, so that a failure report shows the answer's way through the pipeline.
      env: { PORT: String(port), HYPERPIPE_TRACE: '1' },
      stdin: 'pipe',
      buffer: false,
      reject: false,
      forceKillAfterDelay: 2000,
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  let exit: { exitCode?: number | undefined; signal?: string | undefined } | undefined;
  const exited = child.then((result) => {
    exit = result;
  });
  const stop = async () => {
    if (!exit) child.kill('SIGTERM');
    await exited;
  };

  const fail = async (summary: string, received: string[]) => {
    await stop();
    throw new CheckFailure({
      summary,
      sent: [`${COMMANDS[loader]}, with PORT=${port}`, `then GET ${url}/`],
      expected: [
        'src/server.ts serves the application with app.run(),',
        'which listens on the PORT environment variable',
      ],
      received: [...received, ...outputLines(output)],
      hint: options.hint,
    });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (exit) {
      // TypeScript Node cannot run by itself (an enum, an import without .ts): tsx can.
      if (loader === 'node' && NEEDS_TSX.test(output)) return serveTarget(options, 'tsx');
      await fail('src/server.ts stopped without serving', [
        `the process ended (exit code ${exit.exitCode ?? exit.signal}) without answering`,
      ]);
    }
    // A port written into server.ts wins over PORT: say so at once, not after the deadline.
    const elsewhere = listenedPort(output);
    if (elsewhere !== undefined && elsewhere !== port) {
      await fail('src/server.ts listens on another port than PORT', [
        `it says it listens on port ${elsewhere}, while PORT was ${port}: app.run() takes`,
        'PORT when no port is given to it',
      ]);
    }
    try {
      await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) });
      return { url, output: () => output, stop };
    } catch (error) {
      lastError = error;
      // A refused connection costs next to nothing: ask often, as the check waits on it.
      await sleep(20);
    }
  }
  return fail('src/server.ts did not answer', [
    `nothing answered on port ${port} within ${options.timeoutMs ?? 10_000} ms: ${errorMessage(lastError)}`,
  ]);
}

/** The port a server says it listens on (`http://localhost:8080`, as app.run() prints). */
function listenedPort(output: string): number | undefined {
  const port = /https?:\/\/(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1?\]):(\d{1,5})\b/.exec(
    output,
  )?.[1];
  return port === undefined ? undefined : Number(port);
}

function outputLines(output: string): string[] {
  const trimmed = output.trim();
  return trimmed ? ['its output:', ...excerpt(trimmed, 600).split('\n')] : ['it printed nothing'];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
