/**
 * The conference API as a process of its own, as `npm run serve` starts it: `src/serve.ts`
 * on a free port (PORT=0), with the environment given. It reads the URL the server prints.
 *
 *   const server = await startConferenceProcess({ CONFERENCE_DB: '/tmp/x/conference.sqlite' });
 *   await fetch(`${server.url}/speaker/1`);
 *   await server.stop(); // SIGTERM, as Ctrl-C or a process manager sends; resolves to the exit code
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ownProcess } from '../../../framework/test/support/ownProcess.ts';

const SERVE = fileURLToPath(new URL('../../src/serve.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A slow, shared machine may take many seconds to load the server's modules. */
const START_TIMEOUT_MS = 60_000;

export interface ConferenceProcess {
  /** `http://localhost:<port>`. */
  readonly url: string;
  /** Everything the process wrote to stdout and stderr so far, for failure messages. */
  output(): string;
  /** Sends SIGTERM once and resolves to the exit code (null when killed by a signal). */
  stop(): Promise<number | null>;
}

/** Starts serve.ts with `env` on top of this process's environment. */
export async function startConferenceProcess(
  env: Record<string, string>,
): Promise<ConferenceProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVE], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  ownProcess(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve.ts printed no URL within ${START_TIMEOUT_MS} ms: ${output}`));
    }, START_TIMEOUT_MS);
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const found = /Conference API on (http:\/\/\S+?)\./.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1] as string);
      }
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve.ts exited with ${code}: ${output}`));
    });
  });
  let stopping: Promise<number | null> | undefined;
  return {
    url,
    output: () => output,
    stop: () => {
      if (stopping === undefined) {
        child.kill('SIGTERM');
        stopping = exited;
      }
      return stopping;
    },
  };
}
