import { AsyncLocalStorage } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';
import { ApiProblem } from '../../problem/ApiProblem.ts';
import type { PasswordJob } from './passwordWorker.ts';

/**
 * Password checks, off the main thread and bounded. One bcrypt check of cost 10 is about
 * 80 ms of CPU: on the main thread, 14 bogus Basic requests a second raised the median of a
 * public `GET /timezone` from 2 ms to 480 ms. Here the checks run one after another in a
 * worker thread, and at most {@link MAX_WAITING} wait their turn: one more is refused with
 * {@link PasswordCheckRefused}, so that nobody can queue up work without end. One client
 * (one address, see {@link asClient}) has at most {@link MAX_WAITING_PER_CLIENT} of those
 * places, so that one client sending guesses all at once cannot refuse everyone else.
 * Identical checks share one before they get here, and a password proved right lately needs
 * no check (see `CheckedCredentials.ts`), but only while a check would be admitted (see
 * {@link hasRoom}).
 */
export const MAX_WAITING = 16;

/** The places of the queue one client may hold at once. */
export const MAX_WAITING_PER_CLIENT = 4;

/**
 * A check refused because 16 checks already wait, or its client's share of them: a 503
 * problem with `Retry-After: 1`. It is nobody's failed authentication: the right password
 * gets it too, so it tells a guesser nothing, and a flood by strangers never counts against
 * the owner.
 *
 * @example
 * ```ts
 * const refused = new PasswordCheckRefused('editor');
 * refused.status; // 503, with Retry-After: 1
 * refused.user; // 'editor': the user whose password was to be checked
 * ```
 *
 * @category Authentication
 */
export class PasswordCheckRefused extends ApiProblem {
  /** The user whose password was to be checked, once known. */
  readonly user: string | undefined;

  /**
   * Creates the refusal.
   *
   * @param user - the user whose password was to be checked, once known
   */
  constructor(user?: string) {
    super(503, 'Too many password checks are waiting: try again in a second', {
      headers: { 'retry-after': '1' },
    });
    this.user = user;
  }
}

interface Waiting {
  resolve(results: boolean[]): void;
  reject(error: unknown): void;
}

let worker: Worker | undefined;
const waiting = new Map<number, Waiting>();
let lastId = 0;
/** The client whose checks are being made, set by {@link asClient}. */
const currentClient = new AsyncLocalStorage<string>();
/** How many checks each client has waiting. */
const waitingOf = new Map<string, number>();

/**
 * Runs `work` with the password checks it makes counted as `client`'s (its address key).
 *
 * @example
 * ```ts
 * const right = await asClient('192.0.2.7', () =>
 *   users.verify('editor', password),
 * );
 * ```
 */
export function asClient<T>(client: string, work: () => T): T {
  return currentClient.run(client, work);
}

/**
 * Checks each password against its hash in the worker thread.
 *
 * @param checks - pairs of password and htpasswd hash
 * @returns whether each password matches, in order
 */
export function checkPasswords(
  checks: ReadonlyArray<readonly [string, string]>,
): Promise<boolean[]> {
  if (!hasRoom()) return Promise.reject(new PasswordCheckRefused());
  const client = currentClient.getStore();
  if (client === undefined) return queued(checks);
  const ofClient = waitingOf.get(client) ?? 0;
  waitingOf.set(client, ofClient + 1);
  return queued(checks).finally(() => {
    const left = (waitingOf.get(client) ?? 1) - 1;
    if (left === 0) waitingOf.delete(client);
    else waitingOf.set(client, left);
  });
}

/**
 * Whether a check of the current client (see {@link asClient}) would be admitted now. The
 * answers kept of right passwords are given only then: while the queue is full, a right
 * password gets the same 503 as a wrong one, so that a refusal tells a guesser nothing.
 */
export function hasRoom(): boolean {
  const client = currentClient.getStore();
  const ofClient = client === undefined ? 0 : (waitingOf.get(client) ?? 0);
  return waiting.size < MAX_WAITING && ofClient < MAX_WAITING_PER_CLIENT;
}

function queued(checks: ReadonlyArray<readonly [string, string]>): Promise<boolean[]> {
  const id = ++lastId;
  const job: PasswordJob = { id, checks };
  const thread = started();
  // Held while checks wait, so that a process with nothing else to do still gets its answer.
  thread.ref();
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    thread.postMessage(job);
  });
}

/** The worker, started at the first check; idle, it never keeps the process alive. */
function started(): Worker {
  if (worker) return worker;
  const thread = new Worker(new URL('./passwordWorker.ts', import.meta.url));
  thread.on('message', ({ id, results }: { id: number; results: boolean[] }) => {
    waiting.get(id)?.resolve(results);
    waiting.delete(id);
    if (waiting.size === 0) thread.unref();
  });
  // A worker that fails takes its waiting checks with it; the next check starts another.
  const fail = (error: unknown) => {
    worker = undefined;
    for (const check of waiting.values()) check.reject(error);
    waiting.clear();
  };
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`The password worker stopped (exit code ${code})`)));
  worker = thread;
  return thread;
}
