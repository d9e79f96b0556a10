import type { Redis, RedisOptions } from 'ioredis';
import { ThrottledLog } from '../../http/throttledLog.ts';
import { ApiProblem } from '../../problem/ApiProblem.ts';

/**
 * Where the state that several machines must share lives: `authentication.store`. Without
 * it, tokens, failure counts and Digest nonce counts stay on this machine (SQLite files and
 * memory), as one machine needs.
 *
 * @example
 * ```ts
 * const store: SharedStoreConfig = { redis: 'redis://10.0.0.5:6379/0' };
 * ```
 *
 * @category Authentication
 */
export interface SharedStoreConfig {
  /** The Redis server every machine uses: `redis://[:password@]host:port/db`. */
  redis: string;
  /** What every key starts with, so that several applications can share one server; `hyperpipe:`. */
  prefix?: string;
}

/** Seconds a client is told to wait while the store cannot be reached. */
export const STORE_RETRY_AFTER_S = 5;

/**
 * How long the first command waits for the first connection, in ms: a request that arrives
 * while the server is still connecting is served, not refused.
 */
const FIRST_CONNECTION_MS = 1_000;

/**
 * The connection to the Redis server that machines share, opened on first use. ioredis is
 * loaded only then, so an application without a shared store never loads it.
 *
 * It fails closed and fast: while Redis cannot be reached, the stores that use it reject at
 * once with a 503 problem and `Retry-After` ({@link storeUnavailable}; commands are not
 * queued for later), the log says why, and ioredis keeps reconnecting in the background, so
 * the server recovers by itself.
 *
 * Applications hand it to the stores that use it; its Redis client is theirs alone, so the
 * declarations name no type of ioredis.
 *
 * @example
 * ```ts
 * const store = new SharedStore({ redis: 'redis://127.0.0.1:6379/0' });
 * const limits = new AuthenticationLimits({}, store);
 * const tokens = new RedisTokenStore(store);
 * await store.close();
 * ```
 *
 * @category Authentication
 */
export class SharedStore {
  /** The prefix of every key, `hyperpipe:` unless configured. */
  readonly prefix: string;
  readonly #url: string;
  readonly #log: ThrottledLog;
  #client: Promise<Redis> | undefined;
  #firstConnection: Promise<void> | undefined;

  /**
   * Creates the store; nothing connects until the first command.
   *
   * @param log - where outages are reported; stderr by default, a flood of them as one line
   *
   * @throws {Error} when `redis` is not a `redis://` or `rediss://` URL
   */
  constructor(config: SharedStoreConfig, log: (line: string) => void = console.error) {
    if (typeof config.redis !== 'string' || !/^rediss?:\/\/./.test(config.redis)) {
      // The value is not repeated: a URL carries the server's password.
      throw new Error(
        'authentication.store.redis must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379/0',
      );
    }
    this.#url = config.redis;
    this.prefix = config.prefix ?? 'hyperpipe:';
    this.#log = new ThrottledLog(log);
  }

  /** The full name of a key: the prefix, then the parts joined by `:`. */
  key(...parts: readonly string[]): string {
    return this.prefix + parts.join(':');
  }

  /**
   * The client, connected or connecting; for libraries that take one, such as
   * rate-limiter-flexible. Prefer {@link SharedStore.run}, which fails closed.
   *
   * @internal
   */
  client(): Promise<Redis> {
    this.#client ??= this.#connect();
    return this.#client;
  }

  /**
   * Runs commands against the store.
   *
   * @throws {ApiProblem} 503 with `Retry-After` when the store cannot be reached or a command
   *   fails for want of it
   *
   * @internal
   */
  async run<T>(commands: (redis: Redis) => Promise<T>): Promise<T> {
    const redis = await this.client();
    try {
      await this.#ready(redis);
      return await commands(redis);
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  /**
   * The 503 problem of a store that cannot be reached, logged with its reason; a problem
   * that already is one passes through unchanged.
   */
  unavailable(error: unknown): ApiProblem {
    if (error instanceof ApiProblem) return error;
    this.#log.note('store', `the shared store cannot be reached: ${reason(error)}`);
    return storeUnavailable();
  }

  /** Closes the connection; the next command opens a new one. */
  async close(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    this.#firstConnection = undefined;
    if (client !== undefined) (await client).disconnect();
  }

  async #connect(): Promise<Redis> {
    const { Redis } = await import('ioredis');
    const options: RedisOptions = {
      // Fail now rather than queue: a request waits for no outage.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 2_000,
      connectTimeout: 2_000,
      // Reconnect for ever, every 2 s at most, so the server recovers once Redis is back.
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    };
    const redis = new Redis(this.#url, options);
    redis.on('error', (error: Error) => this.#log.note('store', `shared store: ${reason(error)}`));
    return redis;
  }

  /** Waits for the first connection only; once it was made, an outage fails at once. */
  #ready(redis: Redis): Promise<void> {
    if (redis.status === 'ready') return Promise.resolve();
    if (redis.status !== 'connecting' && redis.status !== 'connect' && redis.status !== 'wait')
      return Promise.reject(new Error(`the connection is ${redis.status}`));
    // One wait shared by every command that arrives before the first connection.
    this.#firstConnection ??= new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        redis.off('ready', ready);
        this.#firstConnection = undefined;
        reject(new Error(`no connection within ${FIRST_CONNECTION_MS} ms`));
      }, FIRST_CONNECTION_MS);
      const ready = () => {
        clearTimeout(timer);
        resolve();
      };
      redis.once('ready', ready);
    });
    return this.#firstConnection;
  }
}

/**
 * The 503 problem of a request that needs the shared store while it cannot be reached. It
 * says nothing of the store's address: that is for the log.
 *
 * @example
 * ```ts
 * storeUnavailable().status; // 503, with `Retry-After: 5`
 * ```
 *
 * @category Authentication
 */
export function storeUnavailable(): ApiProblem {
  return new ApiProblem(
    503,
    `Authentication is unavailable for a moment: its shared store cannot be reached. Try again in ${STORE_RETRY_AFTER_S} s`,
    { headers: { 'retry-after': String(STORE_RETRY_AFTER_S) } },
  );
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
