import { spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ownProcess } from '../../framework/test/support/ownProcess.ts';
import { REPO_ROOT } from '../src/workshop/paths.ts';

/** A port free at the moment of asking. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on the port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
    socket.once('close', () => socket.destroy());
    socket.setTimeout(1000, () => socket.destroy());
  });
}

describe('workshop serve under a parent that dies', () => {
  it('stops, and frees its port, when the shell npm started it in is killed', async () => {
    const port = await freePort();
    const workshop = join(REPO_ROOT, 'cli/bin/workshop.js');
    // As `npm run workshop -- serve` does: the command in a shell, which npm's SIGTERM ends
    // without passing the signal on (the `; exit` keeps the shell from exec-ing the command).
    const shell = spawn(
      'sh',
      ['-c', `"${process.execPath}" "${workshop}" serve 02 --solution --port ${port}; exit $?`],
      { cwd: REPO_ROOT, stdio: 'ignore', detached: true },
    );
    // Should this worker die mid-test, the run's end kills the shell's group, server and all.
    ownProcess(shell);
    try {
      await vi.waitFor(async () => expect(await answers(port)).toBe(true), {
        timeout: 20_000,
        interval: 200,
      });
      shell.kill('SIGKILL');
      await vi.waitFor(async () => expect(await answers(port)).toBe(false), {
        timeout: 10_000,
        interval: 200,
      });
    } finally {
      // Whatever is left of the group the shell led (nothing, when the command did its job).
      try {
        process.kill(-(shell.pid as number), 'SIGKILL');
      } catch {}
    }
  }, 40_000);
});
