/**
 * No process outlives its test run, not even when the vitest worker that started it is
 * killed mid-test (SIGKILL: no afterAll runs). A vitest of its own runs a fixture that starts
 * a redis-server, the conference API and Chromium and then kills its worker; once that vitest
 * has ended, none of them may still run: the root config's globalSetup
 * (framework/test/support/killOwnedProcesses.ts) killed them.
 *
 * Linux only, as that globalSetup is: /proc tells the fixture what it started.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { ownProcess } from '../../framework/test/support/ownProcess.ts';
import {
  killIfStillRunning,
  type RunningProcess,
  stillRunning,
} from '../../framework/test/support/runningProcess.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');
const CONFIG = 'conference/test/fixtures/killedWorker.config.ts';

/** A process the fixture started, and its command line. */
interface Started extends RunningProcess {
  readonly command: string;
}

describe.runIf(existsSync('/proc/self/stat'))('a vitest worker killed mid-test', () => {
  it('leaves no redis-server, API server or browser running', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hyperpipe-killed-worker-'));
    let started: Started[] = [];
    try {
      const run = await runVitest(folder);
      const report = join(folder, 'started.json');
      if (existsSync(report)) started = JSON.parse(readFileSync(report, 'utf8')) as Started[];
      // The fixture got as far as killing its worker, and vitest noticed: the run failed so.
      expect(started, run.output).not.toEqual([]);
      expect(run.output).toMatch(/Worker exited unexpectedly/);
      expect(run.code).not.toBe(0);
      const commands = started.map((one) => one.command);
      expect(commands).toContainEqual(expect.stringMatching(/redis-server/));
      expect(commands).toContainEqual(expect.stringMatching(/conference\/src\/serve\.ts/));
      expect(commands).toContainEqual(expect.stringMatching(/chromium/));
      // SIGKILL takes effect at once, but a process is only gone once it has ended.
      await vi.waitFor(
        () => expect(started.filter(stillRunning).map((one) => one.command)).toEqual([]),
        { timeout: 5_000, interval: 100 },
      );
    } finally {
      // When the test fails, what outlived the run must not outlive the test too.
      for (const one of started) killIfStillRunning(one);
      rmSync(folder, { recursive: true, force: true });
    }
  }, 180_000);
});

/** Runs the fixture's vitest with `folder` for its files; resolves once it has exited. */
function runVitest(folder: string): Promise<{ code: number | null; output: string }> {
  // Not this worker's own variables (VITEST_WORKER_ID and the like): that vitest has its own.
  const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'));
  const env = { ...Object.fromEntries(inherited), FORCE_COLOR: '', NO_COLOR: '1' };
  const child = spawn(process.execPath, [VITEST, 'run', '--config', CONFIG], {
    cwd: ROOT,
    env: { ...env, KILLED_WORKER_FOLDER: folder },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  ownProcess(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}
