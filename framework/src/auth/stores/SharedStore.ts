import type { Redis, RedisOptions } from 'ioredis';
import { ThrottledLog } from '../../http/throttledLog.ts';
import { ApiProblem } from '../../problem/ApiProblem.ts';
import { DataLife } from './DataLife.ts';

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
  /**
   * More options of the Redis client (ioredis), such as `tls` (`ca`, `cert`, `key`: a CA
   * Node does not trust, a client certificate, as Redis's TLS asks by default),
   * `connectionName`, `username`, or `sentinels` and `name` for Sentinel. Two of ours always
   * win, for the store must fail closed and fast: no offline queue, no retried command.
   *
   * @example
   * ```ts
   * const store: SharedStoreConfig = {
   *   redis: 'rediss://10.0.0.5:6380/0',
   *   options: { tls: { ca: process.env.REDIS_CA }, connectionName: 'api-1' },
   * };
   * ```
   */
  options?: Readonly<Record<string, unknown>>;
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
  readonly #options: Readonly<Record<string, unknown>>;
  readonly #log: ThrottledLog;
  #client: Promise<Redis> | undefined;
  #firstConnection: Promise<void> | undefined;
  /** The life of the data (see DataLife.ts), learnt again on every connection. */
  readonly #life: DataLife;
  #learning: Promise<void> | undefined;

  /**
   * Creates the store; nothing connects until the first command.
   *
   * @param log - where outages are reported; stderr by default, a flood of them as one line
   *
   * @throws {Error} when `redis` is not a `redis://` or `rediss://` URL
   */
  constructor(config: SharedStoreConfig, log: (line: string) => void = console.error) {
    // The value is never repeated in a message: a URL carries the server's password.
    if (typeof config.redis !== 'string' || !/^rediss?:\/\/./.test(config.redis)) {
      throw new Error(
        'authentication.store.redis must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379/0',
      );
    }
    const problem = urlProblem(config.redis);
    if (problem !== undefined) {
      throw new Error(
        `authentication.store.redis: ${problem}; write it as redis://[user:password@]host:6379/0`,
      );
    }
    this.#url = config.redis;
    this.#options = config.options ?? {};
    this.prefix = config.prefix ?? 'hyperpipe:';
    this.#life = new DataLife(this.key('life'));
    this.#log = new ThrottledLog(log);
  }

  /** The full name of a key: the prefix, then the parts joined by `:`. */
  key(...parts: readonly string[]): string {
    return this.prefix + parts.join(':');
  }

  /**
   * The client, connected or connecting. Prefer {@link SharedStore.run}, which fails
   * closed.
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
      await this.#learning;
      return await commands(redis);
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  /**
   * The life of the data in Redis (see DataLife.ts): known inside {@link SharedStore.run}.
   *
   * @internal
   */
  get life(): DataLife {
    return this.#life;
  }

  /**
   * Learns the life again, after a command found its key changed: the data was wiped.
   *
   * @internal
   */
  async lifeChanged(): Promise<void> {
    const redis = await this.client();
    this.#learning = this.#life.learn(redis);
    this.#learning.catch(() => undefined);
    await this.#learning;
  }

  /**
   * Logs a mistake that shows only while serving, a flood of them as one line.
   *
   * @internal
   */
  note(kind: string, what: string): void {
    this.#log.note(kind, what);
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

  /**
   * Connects, and says in one line what stops the connection when it cannot be made: a
   * closed port, an unknown host, refused credentials, a database the server does not have.
   * `app.run()` asks before it listens (see `authenticationFactories.ts`), so that such a
   * mistake stops the start rather than answer 503 to every request with a password.
   *
   * @throws {Error} naming the mistake and its fix, never the password
   */
  async verify(timeoutMs = 3_000): Promise<void> {
    const redis = await this.client();
    let last: unknown;
    const noted = (error: unknown) => {
      last = error;
    };
    redis.on('error', noted);
    try {
      if (redis.status !== 'ready') {
        await new Promise<void>((resolve, reject) => {
          const ready = () => {
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(() => {
            redis.off('ready', ready);
            reject(last ?? new Error('timeout'));
          }, timeoutMs);
          redis.once('ready', ready);
        });
      }
      await redis.ping();
      await this.#learning;
      // ioredis reports a failed SELECT at connection as an error event, and is ready anyway.
      const db = new URL(this.#url).pathname.slice(1);
      if (db !== '') await redis.select(Number(db));
    } catch (error) {
      // The start stops here: a client left retrying would keep the process alive.
      await this.close();
      throw new Error(`authentication.store.redis: ${diagnosis(error, this.#url, timeoutMs)}`);
    } finally {
      redis.off('error', noted);
    }
  }

  /** Closes the connection; the next command opens a new one. */
  async close(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    this.#firstConnection = undefined;
    this.#learning = undefined;
    if (client !== undefined) (await client).disconnect();
  }

  async #connect(): Promise<Redis> {
    const { Redis } = await import('ioredis');
    const options: RedisOptions = {
      commandTimeout: 2_000,
      connectTimeout: 2_000,
      // Reconnect for ever, every 2 s at most, so the server recovers once Redis is back.
      retryStrategy: (times) => Math.min(times * 100, 2_000),
      // The commands a request sends together leave in one write, so they cost one round
      // trip (a token and its refresh token are stored at once).
      enableAutoPipelining: true,
      ...this.#options,
      // Fail now rather than queue: a request waits for no outage.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    };
    const redis = new Redis(this.#url, options);
    redis.on('error', (error: Error) => this.#log.note('store', `shared store: ${reason(error)}`));
    // A new connection may be to a server that restarted: learn the life before any command.
    redis.on('ready', () => {
      this.#learning = this.#life.learn(redis);
      this.#learning.catch((error) => this.#log.note('store', `shared store: ${reason(error)}`));
    });
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

/** What is wrong with a Redis URL that `new URL` or ioredis cannot read, if anything. */
function urlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'its host or port cannot be read (a port is a number; an IPv6 host is written in [ ])';
  }
  if (parsed.hostname === '') return 'it names no host';
  const db = parsed.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) return `its database must be a number, not "${db}"`;
  return undefined;
}

/** Why a connection could not be made, and its fix, without the URL's password. */
function diagnosis(error: unknown, url: string, timeoutMs: number): string {
  const { hostname, port, pathname } = new URL(url);
  const where = `${hostname}:${port || 6379}`;
  const message = reason(error);
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'ECONNREFUSED')
    return `nothing answers at ${where} (connection refused): start Redis there, or fix the host and port`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `the host ${hostname} is not found: fix the host`;
  if (/WRONGPASS|NOAUTH|invalid password|invalid username/i.test(message))
    return `${where} refused the user and password (${message.split(' ')[0]}): fix them in the URL`;
  if (/DB index is out of range/i.test(message))
    return `${where} has no database ${pathname.slice(1)}: use one it has, such as 0`;
  if (message === 'timeout')
    return `no Redis answered at ${where} within ${timeoutMs} ms: check the host and port, and that the server is Redis`;
  return `${where}: ${message}`;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
