import { createHash } from 'node:crypto';
import md5 from 'apache-md5';
import bcrypt from 'bcryptjs';
import { safeEqual } from '../safeEqual.ts';

/**
 * Whether a password matches one htpasswd hash. It lives apart from {@link Htpasswd}
 * because it runs in the password worker (see `passwordWorker.ts`), which needs nothing
 * else of the user file.
 *
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
