import { createHmac } from 'node:crypto';
import type { SharedStore } from '../../stores/SharedStore.ts';

/** Keeps the first fingerprint written, and answers the one kept. */
const KEEP_FIRST = `
redis.call('SET', KEYS[1], ARGV[1], 'NX')
return redis.call('GET', KEYS[1])
`;

/**
 * Checks, as a machine starts, that it signs Digest nonces with the key the other machines of
 * the shared store use. Machines with different keys find each other's nonces stale, so a
 * client is asked again at every switch between them: it copes, and nothing else would tell
 * the mistake. The store keeps a fingerprint of the first key (an HMAC of a fixed text, from
 * which the key cannot be read), under `<prefix>digest:key`.
 *
 * @throws {Error} naming the fix, when this machine's key is not the one kept
 */
export async function agreeOnDigestKey(store: SharedStore, key: string): Promise<void> {
  const fingerprint = createHmac('sha256', key)
    .update('the Digest key of every machine')
    .digest('base64url');
  const where = store.key('digest', 'key');
  const kept = await store.run((redis) => redis.eval(KEEP_FIRST, 1, where, fingerprint));
  if (kept !== fingerprint) {
    throw new Error(
      'authentication.digest.key is not the key the other machines of authentication.store use: ' +
        `give every machine the same key. To change it, change it on every machine and delete the key ${where} from Redis before they start again`,
    );
  }
}
