import type { NonceCheck, NonceCounts } from './NonceCounts.ts';
import type { SharedStore } from './SharedStore.ts';

/**
 * Compares and records in one step, so that two machines given the same count at once
 * cannot both accept it: refuses a count not above the last one (0), else records it with
 * the milliseconds the nonce has left (1).
 */
const RECORD_IF_HIGHER = `
local last = redis.call('GET', KEYS[1])
if last and tonumber(ARGV[1]) <= tonumber(last) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

/**
 * The nonce counts of {@link DigestNonces} in the Redis server of a {@link SharedStore}, so
 * that a request replayed to another machine is refused there too.
 *
 * Each count lives as long as its nonce is accepted, and no longer: Redis drops it then.
 * That expiry bounds the counts kept, so none is dropped earlier to make room, and no nonce
 * turns stale before its time.
 *
 * While Redis cannot be reached, {@link RedisNonceCounts.use} throws the store's 503 problem:
 * a count that could not be compared is never accepted.
 *
 * @example
 * ```ts
 * const store = new SharedStore({ redis: 'redis://127.0.0.1:6379/0' });
 * const counts = new RedisNonceCounts(store, 300_000);
 * const issuedAt = Date.now();
 * await counts.use('alice', 'a-nonce', issuedAt, 1); // 'ok'
 * await counts.use('alice', 'a-nonce', issuedAt, 1); // 'replayed', on any machine
 * ```
 */
export class RedisNonceCounts implements NonceCounts {
  readonly #store: SharedStore;
  readonly #lifetimeMs: number;

  /**
   * Creates the counts.
   *
   * @param lifetimeMs - how long a nonce is accepted, and so how long its count is kept
   */
  constructor(store: SharedStore, lifetimeMs: number) {
    this.#store = store;
    this.#lifetimeMs = lifetimeMs;
  }

  async use(user: string, nonce: string, issuedAt: number, count: number): Promise<NonceCheck> {
    const left = Math.max(issuedAt + this.#lifetimeMs - Date.now(), 1);
    // The nonce first: it has a fixed length and no `:`, so no user name makes two keys alike.
    const key = this.#store.key('nonces', nonce, user);
    const recorded = await this.#store.run((redis) =>
      redis.eval(RECORD_IF_HIGHER, 1, key, count, left),
    );
    return recorded === 1 ? 'ok' : 'replayed';
  }
}
