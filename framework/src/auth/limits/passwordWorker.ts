/**
 * The worker thread that checks passwords (see passwordChecks.ts): bcrypt and Apache MD5
 * cost milliseconds of CPU each, which on the main thread would hold up every other request.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { verifyHash } from './verifyHash.ts';

/** One job: passwords to check against hashes, in order. */
export interface PasswordJob {
  id: number;
  checks: ReadonlyArray<readonly [password: string, hash: string]>;
}

parentPort?.on('message', async ({ id, checks }: PasswordJob) => {
  const results: boolean[] = [];
  for (const [password, hash] of checks) results.push(await verifyHash(password, hash));
  parentPort?.postMessage({ id, results });
});

lowerThisThreadsPriority();

/**
 * Checks give way to the main thread, which answers every other request: under a flood of
 * bogus credentials on a busy machine, a public GET's median went from 2-4 times its quiet
 * time to under twice (bench/authLimits.ts). Linux gives each thread its own priority, set
 * through the thread's id, which /proc/thread-self names; elsewhere the worker keeps the
 * process's.
 */
function lowerThisThreadsPriority(): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
  } catch {
    // Not Linux: the checks share the process's priority.
  }
}
