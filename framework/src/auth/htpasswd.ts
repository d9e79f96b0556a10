import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import md5 from 'apache-md5';
import bcrypt from 'bcryptjs';
import { safeEqual } from './safeEqual.ts';

/** A bcrypt hash (cost 10, as the demo users') of a random text nobody knows. */
const NOBODY = '$2b$10$GxmRmeBtgVYxUpNRzY.eEOWwVR/BF0bl1LaMeDVPe/hEGWAwz6hfu';

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

  /**
   * Creates the user list.
   *
   * @param hashes - password hash by user name
   */
  constructor(hashes: ReadonlyMap<string, string>) {
    this.#hashes = hashes;
  }

  /**
   * Parses htpasswd text; blank lines and `#` comments are skipped.
   *
   * @param text - the file's text
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
   *
   * @param path - the file
   */
  static fromFile(path: string): Htpasswd {
    return Htpasswd.parse(readFileSync(path, 'utf8'));
  }

  /**
   * Whether the user exists and the password matches its hash. An unknown user's password
   * is still checked, against a bcrypt hash nobody's password matches, so that the time an
   * answer takes does not tell which user names exist.
   *
   * @param user - the user name
   * @param password - the password the client sent
   */
  async verify(user: string, password: string): Promise<boolean> {
    const hash = this.#hashes.get(user);
    const matches = await verifyHash(password, hash ?? NOBODY);
    return hash !== undefined && matches;
  }
}

/**
 * Whether a password matches one htpasswd hash.
 *
 * @param password - the password the client sent
 * @param hash - a bcrypt, Apache MD5 (`$apr1$`) or `{SHA}` hash
 *
 * @example
 * ```ts
 * await verifyHash('password', '{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g='); // true
 * ```
 *
 * @category Authentication
 */
export async function verifyHash(password: string, hash: string): Promise<boolean> {
  if (/^\$2[aby]\$/.test(hash)) return bcrypt.compare(password, hash);
  if (hash.startsWith('$apr1$')) return safeEqual(md5(password, hash), hash);
  if (hash.startsWith('{SHA}')) {
    const sha1 = createHash('sha1').update(password, 'utf8').digest('base64');
    return safeEqual(`{SHA}${sha1}`, hash);
  }
  return false;
}

/** The lines of a credentials file that hold something: no blanks, no `#` comments. */
export function meaningfulLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
