import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The answers of recent password checks, right and wrong, as web servers keep them: a client
 * that sends its password with every request (HTTP Basic does) would otherwise cost a bcrypt
 * check, tens of milliseconds of CPU, each time. Kept for a minute, shared by every user file
 * of the process (each answer is keyed by the file's hashes too), bounded, oldest out first.
 *
 * Never the password itself: each entry is an HMAC under a key made at start-up. A repeated
 * check answers fast whether the password was right or wrong, so the time still tells nothing
 * of who exists; guessing is limited elsewhere (AuthenticationLimits) and counted either way.
 */
export class CheckedCredentials {
  readonly #key = randomBytes(32);
  /** The answer and its expiry time, by HMAC, in insertion order. */
  readonly #answers = new Map<string, { readonly answer: boolean; readonly until: number }>();
  readonly #lifetimeMs: number;
  readonly #max: number;

  /**
   * @param lifetimeMs - how long an answer is trusted; a minute by default
   * @param max - how many answers are kept at most
   */
  constructor(lifetimeMs = 60_000, max = 10_000) {
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

  /** The answer of a check made within the lifetime, if any. */
  get(key: string): boolean | undefined {
    const entry = this.#answers.get(key);
    if (entry === undefined) return undefined;
    if (entry.until > Date.now()) return entry.answer;
    this.#answers.delete(key);
    return undefined;
  }

  /** Remembers the answer of a check. */
  set(key: string, answer: boolean): void {
    this.#answers.delete(key);
    this.#answers.set(key, { answer, until: Date.now() + this.#lifetimeMs });
    if (this.#answers.size > this.#max) {
      this.#answers.delete(this.#answers.keys().next().value as string);
    }
  }
}

/** A digest of a user file's entries: two files with the same users and hashes are one. */
export function fileIdentity(hashes: ReadonlyMap<string, string>): string {
  const digest = createHash('sha256');
  for (const [user, hash] of [...hashes].sort()) digest.update(`${user}:${hash}\n`);
  return digest.digest('base64');
}
