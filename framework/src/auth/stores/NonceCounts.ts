import type { SettlesWith } from './StoreCheck.ts';

/**
 * What `DigestNonces.use` says about a nonce and its count.
 *
 * @category Authentication
 */
export type NonceCheck = 'ok' | 'stale' | 'replayed';

/**
 * How far below the highest count of a nonce a count may arrive and still be accepted, once:
 * a client sending requests in parallel on one nonce numbers them in order, but they may
 * arrive in any order (RFC 7616 section 3.3 leaves the check to the server). A count used
 * already, or this far below the highest, is a replay.
 */
export const COUNT_WINDOW = 64;

/**
 * Where `DigestNonces` keeps the highest count of each nonce a user used: in this
 * process's memory, or in Redis, which machines share.
 */
export interface NonceCounts {
  /**
   * Records `count` for `user`'s `nonce` (issued at `issuedAt`, ms) unless it was used
   * already or lies {@link COUNT_WINDOW} or more below the highest.
   *
   * @param settling - the attempt whose failure counts are settled by the answer: counts
   *   kept in the same shared store record `count` in the same round trip (see StoreCheck.ts)
   *
   * @returns `ok`; `replayed` for a count used already or too far below the highest;
   *   `stale` when the counts this needs were dropped to make room
   */
  use(
    user: string,
    nonce: string,
    issuedAt: number,
    count: number,
    settling?: SettlesWith,
  ): NonceCheck | Promise<NonceCheck>;
}
