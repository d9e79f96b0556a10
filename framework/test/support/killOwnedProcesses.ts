/**
 * The root config's globalSetup: it runs in vitest's main process, which outlives a worker
 * killed mid-test. It makes the folder where workers write down the processes they own
 * (ownProcess.ts), and at the end of the run kills those that still run, with their process
 * groups, so that no server, redis-server or browser outlives the run.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { killIfStillRunning, type RunningProcess } from './runningProcess.ts';

export default function setup(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'hyperpipe-owned-processes-'));
  project.provide('ownedProcessesFolder', folder);
  return () => {
    for (const name of readdirSync(folder)) {
      const owned = readOwned(join(folder, name));
      if (owned !== undefined) killIfStillRunning(owned);
    }
    rmSync(folder, { recursive: true, force: true });
  };
}

/** The process written down in `file`; undefined if its worker died while writing it. */
function readOwned(file: string): RunningProcess | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RunningProcess;
  } catch {
    return undefined;
  }
}
