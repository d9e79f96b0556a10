import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pin } from './pin.ts';
import type { ServerSpec } from './servers.ts';

/** A server running in its own child process. */
export interface ServerProcess {
  readonly spec: ServerSpec;
  /** Always a loopback URL. */
  readonly url: string;
  /** Microseconds of CPU (user + system, all threads) the server process has used so far. */
  cpuTime(): Promise<number>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Write a CPU profile to bench/.profiles when the server stops. */
  readonly profile: boolean;
  /** Cores to pin the server to (taskset syntax), if any. */
  readonly cpus: string | undefined;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROFILE_DIR = fileURLToPath(new URL('../.profiles/', import.meta.url));
const READY_TIMEOUT = 30_000;
const REPLY_TIMEOUT = 5_000;
const STOP_TIMEOUT = 5_000;

type Message = { type?: string; port?: number; user?: number; system?: number };

/**
 * Starts a server in a child process and resolves once it listens. A process per server
 * keeps one from slowing another (garbage, JIT state) and keeps globals apart, such as the
 * Request and Response classes that @hono/node-server installs.
 */
export async function startServer(spec: ServerSpec, options: StartOptions): Promise<ServerProcess> {
  const child = fork(spec.script, [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx', ...(options.profile ? profileFlags(spec) : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    if (options.cpus !== undefined && child.pid !== undefined && !pin(child.pid, options.cpus)) {
      throw new Error(`Could not pin ${spec.name} to cores ${options.cpus}; set BENCH_PIN=0`);
    }
    const ready = await reply(child, 'ready', READY_TIMEOUT, spec.name);
    return {
      spec,
      url: `http://127.0.0.1:${ready.port}`,
      cpuTime: () => cpuTime(child, spec.name),
      stop: () => stopChild(child),
    };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

/**
 * One directory per server, with node's default file names: with --import tsx the module
 * loader runs in a thread of its own, which writes a profile too, and a fixed name would
 * let it overwrite the main thread's. The main thread's profile is the largest file.
 */
function profileFlags(spec: ServerSpec): string[] {
  const directory = join(PROFILE_DIR, basename(spec.script, '.ts'));
  mkdirSync(directory, { recursive: true });
  return ['--cpu-prof', `--cpu-prof-dir=${directory}`];
}

async function cpuTime(child: ChildProcess, name: string): Promise<number> {
  const answer = reply(child, 'cpu', REPLY_TIMEOUT, name);
  child.send({ type: 'cpu' });
  const { user = 0, system = 0 } = await answer;
  return user + system;
}

/** The next message of `type` from the child, or an error if it exits or stays silent. */
function reply(child: ChildProcess, type: string, timeout: number, name: string): Promise<Message> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (message: Message) => {
      if (message.type !== type) return;
      done();
      resolve(message);
    };
    const onExit = (code: number | null, signal: string | null) => {
      done();
      reject(
        new Error(
          `${name} exited (${signal ?? `code ${code}`}) while the runner waited for "${type}"`,
        ),
      );
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${name} sent no "${type}" within ${timeout} ms`));
    }, timeout);
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** SIGTERM, then SIGKILL if the child does not exit in time. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
