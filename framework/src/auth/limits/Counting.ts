import type { SettlesWith } from '../stores/StoreCheck.ts';

/** Which allowance a count is of: an address's, a pair's (address and name), an account's. */
export type CountKind = 'address' | 'pair' | 'account';

/** A count an attempt makes: one key of one kind, and its allowance. */
export interface Wanted {
  readonly kind: CountKind;
  readonly key: string;
  readonly limit: number;
  /** The kind of name a pair or an account is of; undefined for the address. */
  readonly name?: 'user' | 'client' | undefined;
}

/** A count made: the points its key holds now, and the milliseconds until it expires. */
export interface Counted extends Wanted {
  readonly consumed: number;
  readonly msLeft: number;
}

/** The counts one name of an attempt asks for: its pair, and its account. */
export interface NamedWanted {
  readonly pair: Wanted;
  readonly account: Wanted;
}

/**
 * What settling does to a count: `takeBack` (no guess, or a right one), `forget` (the pair of
 * a right password: its count goes and its address becomes known to the account), or `keep`
 * (a wrong guess), which makes a pair wait `waitMs` when that is more than 0.
 */
export type Settlement =
  | { readonly count: Counted; readonly action: 'takeBack' }
  | { readonly count: Counted; readonly action: 'forget' }
  | { readonly count: Counted; readonly action: 'keep'; readonly waitMs: number };

/**
 * Where {@link AuthenticationLimits} counts: in this process (memory or SQLite,
 * LocalCounting.ts) or in a shared store (RedisCounting.ts). The limits decide; a counting
 * only counts, each of its two steps at once, so that in Redis each is one round trip.
 */
export interface Counting {
  /**
   * Counts an attempt: its address, each name's pair, and each name's account unless the
   * address is known to one of the names (the owner's address spends no account budget).
   * When any count is over its allowance, takes them all back: the attempt is refused.
   */
  count(
    address: Wanted,
    named: readonly NamedWanted[],
  ): Promise<{ counted: Counted[]; over: boolean }>;

  /** Settles the counts of an attempt once its credentials were checked. */
  settle(settlements: readonly Settlement[]): Promise<void>;

  /**
   * Settles as {@link settle} does if the check passes; if it does not, as no guess (every
   * count taken back, no address made known). Undefined when this counting cannot take the
   * check along (see StoreCheck.ts).
   */
  settleRightIf?(
    settlements: readonly Settlement[],
    ...check: Parameters<SettlesWith['settleRightIf']>
  ): Promise<number> | undefined;

  /** How many keys this process keeps (0 when they are kept in a shared store). */
  readonly size: number;
}
