import { COUNT_WINDOW, type NonceCheck, type NonceCounts } from './NonceCounts.ts';
import type { SharedStore } from './SharedStore.ts';
import type { SettlesWith, StoreCheck } from './StoreCheck.ts';

/**
 * Compares and records in one step, so that two machines given the same count at once
 * cannot both accept it. A nonce's counts are a hash: `h`, the highest, and a field per
 * count used within the window below it. Refuses a count used already or below the window
 * (0); else records it, drops the counts the window left behind, and keeps the hash for the
 * milliseconds the nonce has left (1). Compares nothing when the life of the data (`keys[2]`)
 * is not the one expected (2): the counts may be gone.
 */
const RECORD_IF_UNUSED = `
local function check(keys, args)
  if redis.call('GET', keys[2]) ~= args[4] then return 2 end
  local count = tonumber(args[1])
  local window = tonumber(args[3])
  local highest = tonumber(redis.call('HGET', keys[1], 'h') or '-1')
  if highest >= 0 and count <= highest - window then return 0 end
  if redis.call('HSETNX', keys[1], args[1], 1) == 0 then return 0 end
  if count > highest then
    redis.call('HSET', keys[1], 'h', args[1])
    for _, field in ipairs(redis.call('HKEYS', keys[1])) do
      if field ~= 'h' and tonumber(field) <= count - window then redis.call('HDEL', keys[1], field) end
    end
  end
  redis.call('PEXPIRE', keys[1], args[2])
  return 1
end
`;

/** A check that answers stale (2) without reading anything. */
const STALE = 'local function check() return 2 end';

/**
 * The nonce counts of {@link DigestNonces} in the Redis server of a {@link SharedStore}, so
 * that a request replayed to another machine is refused there too.
 *
 * Each count lives as long as its nonce is accepted, and no longer: Redis drops it then.
 * That expiry bounds the counts kept, so none is dropped earlier to make room, and no nonce
 * turns stale before its time.
 *
 * A count is recorded in the same script as the attempt's failure counts are settled when
 * those are kept in this store too, so that a right Digest response costs one round trip
 * less (see {@link SettlesWith}).
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

  /**
   * @param settling - the attempt whose counts are to be settled once the count is known:
   *   when they are kept in this store, the count is recorded in the same script
   */
  async use(
    user: string,
    nonce: string,
    issuedAt: number,
    count: number,
    settling?: SettlesWith,
  ): Promise<NonceCheck> {
    const check = () => this.#check(user, nonce, issuedAt, count);
    const recorded =
      (await settling?.settleRightIf(this.#store, check)) ??
      (await this.#store.run((redis) => {
        const { lua, keys, args } = check();
        return redis.eval(`${lua}\nreturn check(KEYS, ARGV)`, keys.length, ...keys, ...args);
      }));
    if (recorded === 2) {
      if (issuedAt >= this.#store.life.startedAt) await this.#store.lifeChanged();
      return 'stale';
    }
    return recorded === 1 ? 'ok' : 'replayed';
  }

  /** The check that records the count: made once the store was reached and its life learnt. */
  #check(user: string, nonce: string, issuedAt: number, count: number): StoreCheck {
    const life = this.#store.life;
    // A nonce issued before the data's life began may have lost its counts: a replay of it
    // could not be told from a first use.
    if (issuedAt < life.startedAt) return { lua: STALE, keys: [], args: [] };
    const left = Math.max(issuedAt + this.#lifetimeMs - Date.now(), 1);
    // The nonce first: it has a fixed length and no `:`, so no user name makes two keys alike.
    const key = this.#store.key('nonces', nonce, user);
    return {
      lua: RECORD_IF_UNUSED,
      keys: [key, life.key],
      args: [count, left, COUNT_WINDOW, life.id],
    };
  }
}
