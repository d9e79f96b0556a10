import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares two secrets in constant time. Both are hashed first, so that the comparison
 * takes as long whatever their lengths (`timingSafeEqual` itself refuses unequal lengths,
 * which would tell an attacker the length).
 *
 * @example
 * ```ts
 * safeEqual('s3cret', 's3cret'); // true
 * ```
 *
 * @category Authentication
 */
export function safeEqual(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
