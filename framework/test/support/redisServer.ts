/**
 * A real Redis server for tests: Debian's `redis-server`, on a free port, in a temporary
 * folder, saving nothing to disk. `.ci/run` installs it when it is missing; a test that needs
 * it fails rather than skips without it.
 *
 *   const redis = await startRedis();
 *   // ... redis.url is redis://127.0.0.1:<port>/0
 *   await redis.stop();     // an outage: the port stays the server's
 *   await redis.restart();  // back on the same port, empty
 *   await redis.close();    // at the end: stopped, folder removed
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownProcess } from './ownProcess.ts';

export interface RedisServer {
  /** `redis://127.0.0.1:<port>/0`. */
  readonly url: string;
  readonly port: number;
  /** Stops the server (SIGKILL: an outage, not a shutdown). */
  stop(): Promise<void>;
  /** Starts it again on the same port, with no data. */
  restart(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

/** Starts a Redis server; tries other ports when another process took the one found free. */
export async function startRedis(): Promise<RedisServer> {
  const folder = mkdtempSync(join(tmpdir(), 'hyperpipe-redis-'));
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    try {
      let child = await launch(port, folder);
      const server: RedisServer = {
        url: `redis://127.0.0.1:${port}/0`,
        port,
        stop: () => kill(child),
        restart: async () => {
          await kill(child);
          child = await launch(port, folder);
        },
        close: async () => {
          await kill(child);
          rmSync(folder, { recursive: true, force: true });
        },
      };
      return server;
    } catch (error) {
      lastError = error;
    }
  }
  rmSync(folder, { recursive: true, force: true });
  throw lastError;
}

/** A port nothing listens on now (the OS picks it); another process may take it before us. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts redis-server and resolves once it accepts connections. */
function launch(port: number, folder: string): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', folder];
  args.push('--save', '', '--appendonly', 'no', '--protected-mode', 'yes');
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  ownProcess(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error('redis-server did not start within 10 s')),
      10_000,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\n${output}`));
    };
    child.once('error', (error) =>
      fail(
        new Error(
          `cannot run redis-server (${error.message}): install it, e.g. apt-get install redis-server`,
        ),
      ),
    );
    child.once('exit', (code) => fail(new Error(`redis-server exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve(child);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk;
    });
  });
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
