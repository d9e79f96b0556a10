import type { Redis } from 'ioredis';
import { safeEqual } from '../safeEqual.ts';
import type { SharedStore } from './SharedStore.ts';
import {
  type OAuth2Client,
  type OAuth2ClientSecret,
  type StoredToken,
  sha256,
  TOKENS_PER_USER,
  type TokenStore,
  type TokenToSave,
  words,
} from './TokenStore.ts';

/** The rank, counted from the newest, of the last pair of a set to revoke: the eleventh. */
const BEYOND_THE_NEWEST = String(-TOKENS_PER_USER - 1);

/**
 * A token pair as Redis keeps it, under the hash of each of its tokens: enough to answer a
 * lookup, and to find the other token of the pair when one is revoked.
 */
interface PairRecord {
  /** The hashes of the pair's tokens. */
  access: string;
  refresh: string | null;
  clientId: string;
  userName: string;
  /** The expiries, in ms since the epoch; the refresh token's when there is one. */
  accessExpiresAt: number;
  refreshExpiresAt: number | null;
  scope: string[] | null;
  /** The life of the store's data it was issued in (see DataLife.ts): found in no other. */
  life: string;
}

/**
 * The {@link TokenStore} that several machines share: OAuth2 clients and tokens on the
 * Redis server of `authentication.store`, so a token one machine issued works on every
 * other, and a revoked one on none.
 *
 * Keys (after the store's prefix), hashes only, never a token:
 * - `oauth:access:<hash>` and `oauth:refresh:<hash>`: the pair, each key living until its
 *   token expires, so Redis itself forgets expired tokens (and an expired one is not found);
 * - `oauth:pairs:<client>:<user>`: the pairs of one client and user, oldest first, to keep
 *   `TOKENS_PER_USER` (10) of them;
 * - `oauth:client:<id>`: a client, its secret hashed. The configured clients are written on
 *   first use, and again if Redis lost them (a restart without persistence).
 *
 * While Redis cannot be reached every method rejects with the 503 problem of
 * {@link storeUnavailable}: a token is never taken for unknown because it could not be read.
 *
 * @example
 * ```ts
 * const store = new SharedStore({ redis: 'redis://127.0.0.1:6379/0' });
 * const tokens = new RedisTokenStore(store, {
 *   workshop: { secret: 'workshop-secret', grants: ['password', 'refresh_token'] },
 * });
 * await tokens.verifyClient('workshop', 'workshop-secret');
 * // { id: 'workshop', grants: ['password', 'refresh_token'], scopes: [] }
 * ```
 *
 * @category Authentication
 */
export class RedisTokenStore implements TokenStore {
  readonly #store: SharedStore;
  readonly #clients: Readonly<Record<string, OAuth2ClientSecret>>;
  #clientsWritten: Promise<void> | undefined;

  /**
   * Creates the store; nothing is written until its first use.
   *
   * @param store - the shared store, whose connection this store uses and does not close
   * @param clients - clients written to Redis on first use, by `client_id`
   */
  constructor(store: SharedStore, clients: Readonly<Record<string, OAuth2ClientSecret>> = {}) {
    this.#store = store;
    this.#clients = clients;
  }

  async saveClient(
    id: string,
    secret: string,
    grants: readonly string[],
    scopes: readonly string[] = [],
  ): Promise<void> {
    await this.#writeConfiguredClients();
    await this.#writeClient(id, secret, grants, scopes);
  }

  async verifyClient(id: string, secret: string): Promise<OAuth2Client | undefined> {
    await this.#writeConfiguredClients();
    let stored = await this.#readClient(id);
    // Redis forgets everything when it restarts without saving: write the configuration again.
    if (stored === undefined && Object.hasOwn(this.#clients, id)) {
      this.#clientsWritten = undefined;
      await this.#writeConfiguredClients();
      stored = await this.#readClient(id);
    }
    if (stored === undefined || !safeEqual(sha256(secret), stored.secret)) return undefined;
    return { id, grants: words(stored.grants), scopes: words(stored.scopes) };
  }

  /**
   * Stores a token pair, each token's key expiring with the token, and revokes the oldest
   * pairs of the same client and user beyond `TOKENS_PER_USER` (10).
   */
  async save(token: TokenToSave): Promise<void> {
    const record: PairRecord = {
      access: sha256(token.accessToken),
      refresh: token.refreshToken === undefined ? null : sha256(token.refreshToken),
      clientId: token.clientId,
      userName: token.userName,
      accessExpiresAt: token.accessTokenExpiresAt.getTime(),
      // A refresh token without an expiry lives as long as its access token.
      refreshExpiresAt:
        token.refreshToken === undefined
          ? null
          : (token.refreshTokenExpiresAt ?? token.accessTokenExpiresAt).getTime(),
      scope: token.scope === undefined ? null : [...token.scope],
      life: '',
    };
    const pairs = this.#pairsKey(record);
    const lastExpiry = Math.max(record.accessExpiresAt, record.refreshExpiresAt ?? 0);
    const revoked = await this.#store.run(async (redis) => {
      record.life = this.#store.life.id;
      return this.#write(redis, record, pairs, lastExpiry);
    });
    // A transaction cannot delete keys it learns of only as it runs: the pairs it took out of
    // the set go now, each deleted by the one save that took it out.
    if (revoked.length > 0)
      await this.#store.run((redis) => redis.del(...revoked.flatMap((m) => this.#pairKeys(m))));
  }

  /** Writes the pair and its place in its set; answers the pairs the set no longer holds. */
  async #write(
    redis: Redis,
    record: PairRecord,
    pairs: string,
    lastExpiry: number,
  ): Promise<string[]> {
    const value = JSON.stringify(record);
    // One transaction, so that machines issuing tokens for one user at once never leave
    // more than TOKENS_PER_USER pairs in its set, nor pick the same pair to revoke.
    const transaction = redis
      .multi()
      .set(this.#accessKey(record.access), value, 'PXAT', record.accessExpiresAt);
    if (record.refresh !== null && record.refreshExpiresAt !== null)
      transaction.set(this.#refreshKey(record.refresh), value, 'PXAT', record.refreshExpiresAt);
    const results = await transaction
      // Scored by when this machine issued it, to the fraction of a millisecond: oldest first.
      .zadd(pairs, performance.timeOrigin + performance.now(), pairMember(record))
      .zrange(pairs, 0, BEYOND_THE_NEWEST)
      .zremrangebyrank(pairs, 0, BEYOND_THE_NEWEST)
      // The set lives as long as its longest-lived pair: NX gives a new set its first
      // expiry, GT only ever lengthens it.
      .pexpireat(pairs, lastExpiry, 'NX')
      .pexpireat(pairs, lastExpiry, 'GT')
      .exec();
    return transactionResult<string[]>(results, record.refresh === null ? 2 : 3);
  }

  /** The token pair of an access token; an expired one is gone. */
  findAccessToken(accessToken: string): Promise<StoredToken | undefined> {
    return this.#find(this.#accessKey(sha256(accessToken)));
  }

  /** The token pair of a refresh token; an expired one is gone. */
  findRefreshToken(refreshToken: string): Promise<StoredToken | undefined> {
    return this.#find(this.#refreshKey(sha256(refreshToken)));
  }

  /**
   * The pair under `key`, if it was issued in the life the data is in now: read with the
   * life in one command, so that a pair Redis brought back from an older snapshot, or kept
   * through a wipe of the life's key, is never taken for valid.
   */
  async #find(key: string): Promise<StoredToken | undefined> {
    const life = this.#store.life;
    const [value, current] = await this.#store.run((redis) => redis.mget(key, life.key));
    if (current !== life.id) await this.#store.lifeChanged();
    if (value === null || value === undefined) return undefined;
    const record = JSON.parse(value) as PairRecord;
    return record.life === current ? storedToken(record) : undefined;
  }

  async revoke(token: string): Promise<boolean> {
    const hash = sha256(token);
    return this.#store.run(async (redis) => {
      const [access, refresh] = await redis.mget(this.#accessKey(hash), this.#refreshKey(hash));
      const value = access ?? refresh;
      if (value === null || value === undefined) return false;
      const record = JSON.parse(value) as PairRecord;
      const results = await redis
        .multi()
        .del(...this.#pairKeys(pairMember(record)))
        .zrem(this.#pairsKey(record), pairMember(record))
        .exec();
      // Of two revocations at once, the one that deleted the keys revoked the pair.
      return transactionResult<number>(results, 0) > 0;
    });
  }

  #writeConfiguredClients(): Promise<void> {
    this.#clientsWritten ??= (async () => {
      for (const [id, { secret, grants, scopes }] of Object.entries(this.#clients))
        await this.#writeClient(id, secret, grants, scopes);
    })().catch((error: unknown) => {
      // Tried again on the next use, once Redis can be reached.
      this.#clientsWritten = undefined;
      throw error;
    });
    return this.#clientsWritten;
  }

  async #writeClient(
    id: string,
    secret: string,
    grants: readonly string[],
    scopes: readonly string[] = [],
  ): Promise<void> {
    await this.#store.run((redis) =>
      redis.hset(this.#store.key('oauth', 'client', encodeURIComponent(id)), {
        secret: sha256(secret),
        grants: grants.join(' '),
        scopes: scopes.join(' '),
      }),
    );
  }

  async #readClient(id: string) {
    const fields = await this.#store.run((redis) =>
      redis.hgetall(this.#store.key('oauth', 'client', encodeURIComponent(id))),
    );
    return fields.secret === undefined
      ? undefined
      : { secret: fields.secret, grants: fields.grants ?? '', scopes: fields.scopes ?? '' };
  }

  #accessKey(hash: string): string {
    return this.#store.key('oauth', 'access', hash);
  }

  #refreshKey(hash: string): string {
    return this.#store.key('oauth', 'refresh', hash);
  }

  /** The keys of a pair named by its member of a pairs set. */
  #pairKeys(member: string): string[] {
    const [access, refresh] = member.split(' ');
    const keys = [this.#accessKey(access as string)];
    if (refresh !== undefined) keys.push(this.#refreshKey(refresh));
    return keys;
  }

  /** Names and user names may hold `:`; encoded, no two pairs of them share a key. */
  #pairsKey(record: PairRecord): string {
    return this.#store.key(
      'oauth',
      'pairs',
      encodeURIComponent(record.clientId),
      encodeURIComponent(record.userName),
    );
  }
}

/** A pair in its client and user's set: the hash of its access token, then of its refresh token. */
function pairMember(record: PairRecord): string {
  return record.refresh === null ? record.access : `${record.access} ${record.refresh}`;
}

/**
 * The answer of one command of a transaction.
 *
 * @throws {Error} when the transaction or that command failed
 */
function transactionResult<T>(results: [Error | null, unknown][] | null, index: number): T {
  const [error, result] = results?.[index] ?? [new Error('the transaction was discarded'), null];
  if (error !== null) throw error;
  return result as T;
}

function storedToken(record: PairRecord): StoredToken {
  return {
    clientId: record.clientId,
    userName: record.userName,
    accessTokenExpiresAt: new Date(record.accessExpiresAt),
    refreshTokenExpiresAt:
      record.refreshExpiresAt === null ? undefined : new Date(record.refreshExpiresAt),
    scope: record.scope ?? undefined,
  };
}
