import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVE = fileURLToPath(new URL('../../conference/src/serve.ts', import.meta.url));
const LOOP_DELAY_PROBE = fileURLToPath(new URL('./loopDelayProbe.ts', import.meta.url));
const READY_TIMEOUT = 30_000;
const STOP_TIMEOUT = 10_000;

/** `npm run serve` in a child process, on the catalogue and token files it is given. */
export interface ConferenceServer {
  readonly url: string;
  /** The child's resident set size now, in bytes. */
  rss(): number;
  /** SIGTERM, as Ctrl-C would stop it: the server closes gracefully; resolves to its exit code. */
  stop(): Promise<number | null>;
  /** Starts measuring how long its event loop is held up, from now on. */
  measureLoopStalls(): void;
  /** After stop(): the longest its event loop was held up since measureLoopStalls(), in ms. */
  loopStallMs(): number;
}

/**
 * Starts conference/src/serve.ts, the script behind `npm run serve`, with `CONFERENCE_DB`
 * and `CONFERENCE_OAUTH_DB` pointing at the given files and a free port, and resolves once
 * it prints its URL.
 */
export async function startConference(database: string, tokens: string): Promise<ConferenceServer> {
  const loopDelayFile = `${database}.loop-delay`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', LOOP_DELAY_PROBE, SERVE], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      CONFERENCE_DB: database,
      CONFERENCE_OAUTH_DB: tokens,
      SOAK_LOOP_DELAY_FILE: loopDelayFile,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await printedUrl(child);
    return {
      url,
      rss: () => rssOf(child.pid as number),
      stop: () => stop(child),
      measureLoopStalls: () => child.kill('SIGUSR2'),
      loopStallMs: () => Number(readFileSync(loopDelayFile, 'utf8')),
    };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

function printedUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error('serve.ts printed no URL')), READY_TIMEOUT);
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      // The sentence ends with a period, and the URL's host may hold some of its own.
      const found = /Conference API on (http:\/\/\S+?)\.\s/.exec(stdout);
      if (!found) return;
      clearTimeout(timer);
      // Keep draining stdout, so that the child never blocks on a full pipe.
      child.stdout?.resume();
      resolve(found[1] as string);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve.ts exited with ${code} before it listened`));
    });
  });
}

// `ps` reports the resident set size in KiB, on Linux and macOS alike.
function rssOf(pid: number): number {
  return (
    Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    ) * 1024
  );
}

async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, 'exit') as Promise<[number | null]>;
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT);
  child.kill('SIGTERM');
  const [code] = await exited;
  clearTimeout(timer);
  return code;
}
