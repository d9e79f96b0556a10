import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Password checks in flight, and the credentials recently proved right: a client that sends
 * its password with every request (HTTP Basic does) would otherwise cost a bcrypt check,
 * tens of milliseconds of CPU, each time, and a client sending a hundred requests at once
 * would fill the queue of checks with the same one. Shared by every user file of the process
 * (each entry is keyed by the file's hashes too).
 *
 * Only right answers are kept, and one is given only where the check itself would be: under
 * the limits on guessing, and while the queue of checks has room (`Htpasswd.verify` asks
 * first). A kept answer can only answer a request that carries the right password, which a
 * 200 tells anyway; a wrong password is checked every time, and takes as long whether it
 * was tried before or not, so that nothing here can tell a guess more than the check would. Never the password itself: each entry is an HMAC under a key
 * made at start-up. Kept ten minutes, at most `max` of them, oldest out first; an entry is
 * made only by someone who knows a password, so a flood of guesses cannot grow it.
 */
export class CheckedCredentials {
  readonly #key = randomBytes(32);
  /** When each credential proved right expires, by HMAC, in insertion order. */
  readonly #right = new Map<string, number>();
  /** Checks not answered yet: an identical request waits for the same answer. */
  readonly #inFlight = new Map<string, Promise<boolean>>();
  readonly #lifetimeMs: number;
  readonly #max: number;

  /**
   * @param lifetimeMs - how long a right answer is trusted; ten minutes by default
   * @param max - how many right answers are kept at most
   */
  constructor(lifetimeMs = 600_000, max = 10_000) {
    this.#lifetimeMs = lifetimeMs;
    this.#max = max;
  }

  /**
   * What stands for a check here.
   *
   * @param file - what identifies the user file, such as {@link fileIdentity} of its hashes
   */
  keyOf(file: string, user: string, password: string): string {
    return createHmac('sha256', this.#key)
      .update(file)
      .update('\0')
      .update(user)
      .update('\0')
      .update(password)
      .digest('base64');
  }

  /**
   * The answer of the check `key` stands for: true at once if it proved right lately, the
   * answer of the same check if one is in flight, else what `check` answers.
   */
  check(key: string, check: () => Promise<boolean>): Promise<boolean> {
    if (this.#isRight(key)) return Promise.resolve(true);
    const pending = this.#inFlight.get(key);
    if (pending !== undefined) return pending;
    const started = check().then((right) => {
      if (right) this.#remember(key);
      return right;
    });
    this.#inFlight.set(key, started);
    const done = () => this.#inFlight.delete(key);
    started.then(done, done);
    return started;
  }

  /** How many right answers are kept. */
  get size(): number {
    return this.#right.size;
  }

  #isRight(key: string): boolean {
    const until = this.#right.get(key);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.#right.delete(key);
    return false;
  }

  #remember(key: string): void {
    this.#right.delete(key);
    this.#right.set(key, Date.now() + this.#lifetimeMs);
    if (this.#right.size > this.#max) {
      this.#right.delete(this.#right.keys().next().value as string);
    }
  }
}

/** A digest of a user file's entries: two files with the same users and hashes are one. */
export function fileIdentity(hashes: ReadonlyMap<string, string>): string {
  const digest = createHash('sha256');
  for (const [user, hash] of [...hashes].sort()) digest.update(`${user}:${hash}\n`);
  return digest.digest('base64');
}
