/**
 * The worker thread that checks passwords (see passwordChecks.ts): bcrypt and Apache MD5
 * cost milliseconds of CPU each, which on the main thread would hold up every other request.
 */
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
