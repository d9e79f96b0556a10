import { readFileSync } from 'node:fs';
import { CheckedCredentials, fileIdentity } from '../../limits/CheckedCredentials.ts';
import { checkPasswords, hasRoom, PasswordCheckRefused } from '../../limits/passwordChecks.ts';

/** A bcrypt hash (cost 10, as the demo users') of a random text nobody knows. */
const NOBODY = '$2b$10$GxmRmeBtgVYxUpNRzY.eEOWwVR/BF0bl1LaMeDVPe/hEGWAwz6hfu';

/** The answers of the process's recent checks, shared by every user file. */
const CHECKED = new CheckedCredentials();

/**
 * What a hash costs to check: bcrypt by its cost factor, Apache MD5 and SHA-1 each alike,
 * and a format never checked at all (it never matches) nothing.
 */
function costClass(hash: string): string | undefined {
  const bcryptCost = /^\$2[aby]\$(\d\d)\$/.exec(hash)?.[1];
  if (bcryptCost !== undefined) return `bcrypt ${bcryptCost}`;
  if (hash.startsWith('$apr1$')) return 'apr1';
  if (hash.startsWith('{SHA}')) return 'sha';
  return undefined;
}

/**
 * Users and password hashes read from an htpasswd file (one `user:hash` a line, as Apache's
 * `htpasswd` writes them). Accepted hashes: bcrypt (`$2y$`, `$2b$`, `$2a$`), Apache MD5
 * (`$apr1$`) and SHA-1 (`{SHA}`). A line with another format (old DES crypt, plain text)
 * never matches: it would be too weak to trust.
 *
 * @example
 * ```ts
 * const users = Htpasswd.parse('learner:{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=');
 * await users.verify('learner', 'password'); // true
 * ```
 *
 * @category Authentication
 */
export class Htpasswd {
  readonly #hashes: ReadonlyMap<string, string>;
  /** One hash of each cost class in the file (see {@link Htpasswd.verify}). */
  readonly #oneOfEachCost: ReadonlyMap<string, string>;
  /** What identifies this file's users and hashes among the answers kept (see below). */
  readonly #identity: string;

  /**
   * Creates the user list.
   *
   * @param hashes - password hash by user name
   */
  constructor(hashes: ReadonlyMap<string, string>) {
    this.#hashes = hashes;
    const oneOfEach = new Map<string, string>();
    for (const hash of hashes.values()) {
      const cost = costClass(hash);
      if (cost !== undefined && !oneOfEach.has(cost)) oneOfEach.set(cost, hash);
    }
    // An empty file still makes an unknown user cost a bcrypt check.
    if (oneOfEach.size === 0) oneOfEach.set(costClass(NOBODY) as string, NOBODY);
    this.#oneOfEachCost = oneOfEach;
    this.#identity = fileIdentity(hashes);
  }

  /**
   * Parses htpasswd text; blank lines and `#` comments are skipped.
   */
  static parse(text: string): Htpasswd {
    const hashes = new Map<string, string>();
    for (const line of meaningfulLines(text)) {
      const colon = line.indexOf(':');
      if (colon > 0) hashes.set(line.slice(0, colon), line.slice(colon + 1));
    }
    return new Htpasswd(hashes);
  }

  /**
   * Reads and parses an htpasswd file, once: restart to pick up changes.
   */
  static fromFile(path: string): Htpasswd {
    return Htpasswd.parse(readFileSync(path, 'utf8'));
  }

  /**
   * Whether the user exists and the password matches its hash.
   *
   * Every call costs the same, whoever it names, so that the time an answer takes tells
   * nothing of which user names exist or how their passwords are hashed: the password is
   * checked against one hash of each cost class the file holds (bcrypt by cost factor,
   * Apache MD5, SHA-1), the user's own standing in for its class. With bcrypt and Apache MD5
   * users in one file, an unknown user, a wrong bcrypt password and a wrong Apache MD5
   * password each cost one bcrypt and one Apache MD5 check (measured in docs/rest.md).
   * The checks run in a worker thread (see `passwordChecks.ts`); identical checks in flight
   * share one, and a right answer is kept for ten minutes (see `CheckedCredentials.ts`), so
   * that a client sending its password with every request pays once.
   *
   * @throws {PasswordCheckRefused} while the queue of checks, or the client's share of it,
   *   is full (rejected, not thrown)
   */
  verify(user: string, password: string): Promise<boolean> {
    // Not even a kept answer while a check would be refused: see `hasRoom`.
    if (!hasRoom()) return Promise.reject(new PasswordCheckRefused());
    const key = CHECKED.keyOf(this.#identity, user, password);
    return CHECKED.check(key, () => this.#check(user, password));
  }

  async #check(user: string, password: string): Promise<boolean> {
    const hash = this.#hashes.get(user);
    const own = hash === undefined ? undefined : costClass(hash);
    const classes = [...this.#oneOfEachCost];
    const results = await checkPasswords(
      classes.map(([cost, standIn]) => [password, cost === own ? (hash as string) : standIn]),
    );
    return own !== undefined && results[classes.findIndex(([cost]) => cost === own)] === true;
  }
}

/** The lines of a credentials file that hold something: no blanks, no `#` comments. */
export function meaningfulLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
