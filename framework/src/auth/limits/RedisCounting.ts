import type { SharedStore } from '../stores/SharedStore.ts';
import type { StoreCheck } from '../stores/StoreCheck.ts';
import type { Counted, Counting, NamedWanted, Settlement, Wanted } from './Counting.ts';

/**
 * Counts an attempt in one step. `KEYS[1]` is the address's count; then, per name, its pair's
 * count, its account's count, and the key that says its address is known. `ARGV[1]` is how
 * long a count lasts (s), `ARGV[2]` the address's allowance, then per name its pair's and its
 * account's. An account is counted only when no name knows the address. When any count is
 * over its allowance, all are taken back. Answers whether one was over, whether the address
 * was a stranger, then each count made (address, then per name pair and account) with the
 * milliseconds it has left.
 */
const COUNT = `
local stranger = 1
for i = 4, #KEYS, 3 do
  if redis.call('EXISTS', KEYS[i]) == 1 then stranger = 0 end
end
local counted = {}
local function count(key, limit)
  redis.call('SET', key, 0, 'EX', ARGV[1], 'NX')
  counted[#counted + 1] = { key, redis.call('INCR', key), redis.call('PTTL', key), tonumber(limit) }
end
count(KEYS[1], ARGV[2])
for i = 2, #KEYS, 3 do
  local name = (i + 1) / 3
  count(KEYS[i], ARGV[1 + 2 * name])
  if stranger == 1 then count(KEYS[i + 1], ARGV[2 + 2 * name]) end
end
local over = 0
for _, made in ipairs(counted) do
  if made[2] > made[4] then over = 1 end
end
local answer = { over, stranger }
for _, made in ipairs(counted) do
  if over == 1 then redis.call('DECR', made[1]) end
  answer[#answer + 1] = made[2]
  answer[#answer + 1] = made[3]
end
return answer
`;

/**
 * Settles an attempt's counts in one step, after a check (see StoreCheck.ts) defined before
 * it: without one, a check that always passes. Per count, `KEYS` holds its key and the key
 * that says its address is known; `ARGV[1]` is how many counts, `ARGV[2]` how long an address
 * stays known (ms), then per count what to do (`takeBack`, `forget`, `block`), the value of a
 * blocked pair and how long it waits (ms). The check's keys and arguments come last. A right
 * answer whose check fails is no guess: its counts are taken back and its address is not made
 * known. Answers what the check answered.
 */
const SETTLE = `
local function tail(list, from)
  local rest = {}
  for i = from, #list do rest[#rest + 1] = list[i] end
  return rest
end
local n = tonumber(ARGV[1])
local checked = check(tail(KEYS, 2 * n + 1), tail(ARGV, 3 * n + 3))
for i = 1, n do
  local key, known = KEYS[2 * i - 1], KEYS[2 * i]
  local op, value, ms = ARGV[3 * i], ARGV[3 * i + 1], ARGV[3 * i + 2]
  if op == 'forget' and checked ~= 1 then op = 'takeBack' end
  if op == 'forget' then
    redis.call('DEL', key)
    redis.call('SET', known, 1, 'PX', ARGV[2])
  elseif op == 'takeBack' then
    if redis.call('EXISTS', key) == 1 then redis.call('DECR', key) end
  elseif op == 'block' then
    redis.call('SET', key, value, 'PX', ms)
  end
end
return checked
`;

/** The check of a settling that has none: it passes. */
const NO_CHECK: StoreCheck = { lua: 'local function check() return 1 end', keys: [], args: [] };

/**
 * The counts of {@link AuthenticationLimits} in the Redis server of a {@link SharedStore},
 * which every machine shares, so that guesses spread over them count as one. Each step is
 * one script, so one round trip: counting an attempt (whether its address is known, and its
 * counts), then settling it (with the Digest nonce count when there is one, see
 * StoreCheck.ts). Each count expires with its time; that bounds them, so none is deleted
 * to make room. Any failure to reach Redis is the store's 503 problem, never a count of 0.
 */
export class RedisCounting implements Counting {
  readonly #store: SharedStore;
  readonly #hourS: number;
  readonly #knownMs: number;

  /**
   * @param hourS - how long a count lasts, in seconds
   * @param knownS - how long an address stays known to an account, in seconds
   */
  constructor(store: SharedStore, hourS: number, knownS: number) {
    this.#store = store;
    this.#hourS = hourS;
    this.#knownMs = knownS * 1000;
  }

  /** Counts in Redis are bounded by their expiry, not here. */
  get size(): number {
    return 0;
  }

  count(
    address: Wanted,
    named: readonly NamedWanted[],
  ): Promise<{ counted: Counted[]; over: boolean }> {
    const keys = [this.#key(address)];
    const args: (string | number)[] = [this.#hourS, address.limit];
    for (const { pair, account } of named) {
      keys.push(this.#key(pair), this.#key(account), this.#knownKey(pair));
      args.push(pair.limit, account.limit);
    }
    return this.#store.run(async (redis) => {
      const [over, stranger, ...made] = (await redis.eval(
        COUNT,
        keys.length,
        ...keys,
        ...args,
      )) as number[];
      const wanted = [address, ...named.flatMap(({ pair, account }) => [pair, account])].filter(
        (want) => stranger === 1 || want.kind !== 'account',
      );
      const counted = wanted.map((want, n) => ({
        ...want,
        consumed: made[2 * n] as number,
        msLeft: Math.max(made[2 * n + 1] as number, 0),
      }));
      return { counted, over: over === 1 };
    });
  }

  async settle(settlements: readonly Settlement[]): Promise<void> {
    await this.#settle(settlements, () => NO_CHECK);
  }

  /** Takes the check along when it is to be made in this store, else leaves it alone. */
  settleRightIf(
    settlements: readonly Settlement[],
    store: SharedStore,
    check: () => StoreCheck,
  ): Promise<number> | undefined {
    return store === this.#store ? this.#settle(settlements, check) : undefined;
  }

  #settle(settlements: readonly Settlement[], check: () => StoreCheck): Promise<number> {
    const keys: string[] = [];
    const args: (string | number)[] = [settlements.length, this.#knownMs];
    for (const settlement of settlements) {
      const { count } = settlement;
      keys.push(this.#key(count), this.#knownKey(count));
      if (settlement.action !== 'keep') args.push(settlement.action, 0, 0);
      else if (count.kind === 'pair' && settlement.waitMs > 0)
        // One more than the allowance: the pair's next attempt is over it until the key goes.
        args.push('block', count.limit + 1, settlement.waitMs);
      else args.push('keep', 0, 0);
    }
    return this.#store.run(async (redis) => {
      // Made here: the store has learnt what a check may need (the life of its data).
      const made = check();
      const script = `${made.lua}\n${SETTLE}`;
      const all = [...keys, ...made.keys];
      return (await redis.eval(script, all.length, ...all, ...args, ...made.args)) as number;
    });
  }

  #key(count: Wanted): string {
    return `${this.#store.key('limits', count.kind)}:${count.key}`;
  }

  /** Where Redis says the address of a pair is known to its account. */
  #knownKey(count: Wanted): string {
    return `${this.#store.key('limits', 'known')}:${count.key}`;
  }
}
