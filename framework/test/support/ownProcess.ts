/**
 * For a process a test starts that must not outlive the test run: a server, redis-server, a
 * browser. A vitest worker killed mid-test (SIGKILL, the out-of-memory killer) runs no
 * `afterAll`, so its children would run on. So each is written down, one small file per
 * process, in the folder the run's main process provides; when the run ends that process,
 * which outlives its workers, kills whatever is written down and still runs
 * (killOwnedProcesses.ts, the root config's globalSetup).
 *
 *   const child = spawn('redis-server', args);
 *   ownProcess(child); // crossed out again when it exits
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { runningProcess } from './runningProcess.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where workers write down the processes the run kills at its end. */
    ownedProcessesFolder: string;
  }
}

/**
 * Has the run kill `child` at its end if it still runs then. Does nothing under a config
 * without the globalSetup (the steps' checks) or without /proc to tell processes apart.
 */
export function ownProcess(child: ChildProcess): void {
  const folder = inject('ownedProcessesFolder') as string | undefined;
  const running = child.pid === undefined ? undefined : runningProcess(child.pid);
  if (folder === undefined || running === undefined) return;
  const file = join(folder, `${running.pid}.json`);
  writeFileSync(file, JSON.stringify(running));
  child.once('exit', () => rmSync(file, { force: true }));
}
