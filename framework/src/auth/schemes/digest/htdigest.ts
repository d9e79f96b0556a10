import { readFileSync } from 'node:fs';
import { meaningfulLines } from '../basic/htpasswd.ts';

/**
 * The Digest algorithms the framework answers: RFC 7616's MD5 and SHA-256.
 *
 * @category Authentication
 */
export type DigestAlgorithm = 'MD5' | 'SHA-256';

/**
 * HA1 values read from an htdigest file: `user:realm:HA1` a line, HA1 being
 * `H(user:realm:password)` in lower-case hex.
 *
 * Apache's `htdigest` only writes MD5 HA1 (32 hex digits). For SHA-256, which RFC 7616
 * added, the same file holds a second line for the user whose HA1 is the SHA-256 hash
 * (64 hex digits): the length tells the algorithm. Make one with
 * `printf 'user:realm:password' | sha256sum`. A user without such a line can only use MD5.
 *
 * @example
 * ```ts
 * // MD5 of learner:api:password
 * const users = Htdigest.parse('learner:api:ff99098b67b71723faf7e02587eebbab');
 * users.ha1('learner', 'api', 'MD5'); // 'ff99098b67b71723faf7e02587eebbab'
 * ```
 *
 * @category Authentication
 */
export class Htdigest {
  readonly #ha1 = new Map<string, string>();

  /**
   * Parses htdigest text; blank lines and `#` comments are skipped.
   */
  static parse(text: string): Htdigest {
    const file = new Htdigest();
    for (const line of meaningfulLines(text)) {
      const [user, realm, ha1, ...rest] = line.split(':');
      const algorithm = algorithmOf(ha1 ?? '');
      if (user && realm && algorithm && rest.length === 0) {
        file.#ha1.set(key(user, realm, algorithm), (ha1 as string).toLowerCase());
      }
    }
    return file;
  }

  /**
   * Reads and parses an htdigest file, once: restart to pick up changes.
   */
  static fromFile(path: string): Htdigest {
    return Htdigest.parse(readFileSync(path, 'utf8'));
  }

  /**
   * The user's HA1 in the realm for the algorithm, or `undefined`.
   *
   * @param algorithm - the algorithm of the client's credentials
   */
  ha1(user: string, realm: string, algorithm: DigestAlgorithm): string | undefined {
    return this.#ha1.get(key(user, realm, algorithm));
  }
}

function algorithmOf(ha1: string): DigestAlgorithm | undefined {
  if (/^[\da-f]{32}$/i.test(ha1)) return 'MD5';
  if (/^[\da-f]{64}$/i.test(ha1)) return 'SHA-256';
  return undefined;
}

function key(user: string, realm: string, algorithm: DigestAlgorithm): string {
  // A user name cannot hold ':' in these files, so the key is unambiguous.
  return `${algorithm}:${realm}:${user}`;
}
