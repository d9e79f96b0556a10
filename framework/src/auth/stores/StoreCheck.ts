import type { SharedStore } from './SharedStore.ts';

/**
 * A check Redis makes inside another script, so that both cost one round trip: Lua that
 * defines `local function check(keys, args)`, answering a number (1 when the check passes),
 * with the keys and arguments to call it with.
 *
 * The Digest nonce count is one: it is recorded in the script that settles the attempt's
 * failure counts (see {@link SettlesWith}), rather than in a round trip of its own.
 *
 * @category Authentication
 */
export interface StoreCheck {
  /** Lua that defines `local function check(keys, args)`. */
  readonly lua: string;
  /** The keys it reads and writes, passed to Redis as keys of the script. */
  readonly keys: readonly string[];
  /** Its arguments. */
  readonly args: readonly (string | number)[];
}

/**
 * An attempt whose counts are still to be settled in a shared store, and which can take a
 * check along: its settling then depends on the check (see `AuthenticationLimits`).
 *
 * @category Authentication
 */
export interface SettlesWith {
  /**
   * Settles the attempt as right if `check` passes, and as no guess at all if it does not,
   * in one script.
   *
   * @param check - makes the check once the store was reached (it may need what the store
   *   learnt then, such as the life of its data)
   * @returns the check's answer; undefined, with nothing done, when the counts are not kept
   *   in `store` (they are in this process, or in another store): then make the check alone
   */
  settleRightIf(store: SharedStore, check: () => StoreCheck): Promise<number> | undefined;
}
