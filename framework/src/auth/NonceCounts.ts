/**
 * What `DigestNonces.use` says about a nonce and its count.
 *
 * @category Authentication
 */
export type NonceCheck = 'ok' | 'stale' | 'replayed';

/**
 * Where `DigestNonces` keeps the highest count of each nonce a user used: in this
 * process's memory, or in Redis, which machines share.
 */
export interface NonceCounts {
  /**
   * Records `count` for `user`'s `nonce` (issued at `issuedAt`, ms) when it is above the last.
   *
   * @returns `ok`; `replayed` for a count not above the last one; `stale` when the counts
   *   this needs were dropped to make room
   */
  use(
    user: string,
    nonce: string,
    issuedAt: number,
    count: number,
  ): NonceCheck | Promise<NonceCheck>;
}
