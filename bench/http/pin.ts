import { execFileSync } from 'node:child_process';
import os from 'node:os';

/**
 * CPU pinning with taskset (Linux). On a small machine the load generator and the server
 * compete for the same cores; left to the scheduler, a round sometimes puts both on one
 * core and halves the result. Pinning the runner (autocannon) to core 0 and the servers
 * to the other cores makes rounds comparable. Without taskset or with one core it is a no-op.
 */
export interface Pinning {
  /** The cores of the runner process, e.g. "0". */
  readonly runner: string;
  /** The cores of every server process, e.g. "1" or "1-7". */
  readonly servers: string;
}

export function planPinning(enabled: boolean): Pinning | undefined {
  const cores = os.cpus().length;
  if (!enabled || cores < 2 || process.platform !== 'linux') return undefined;
  return { runner: '0', servers: cores === 2 ? '1' : `1-${cores - 1}` };
}

/** Pins every thread of `pid` (threads started later inherit it); false when taskset failed. */
export function pin(pid: number, cpus: string): boolean {
  try {
    execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cpus, String(pid)], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}
