import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Reads the life under `KEYS[1]`, or starts a new one when there is none (the data was wiped)
 * or it was started by another run of the server (it restarted, maybe from an older
 * snapshot). A life is `<run id>:<random>:<start, ms>`, the start by Redis's clock. Answers
 * the life and Redis's time now.
 */
const LEARN = `
local life = redis.call('GET', KEYS[1])
if not life or string.sub(life, 1, #ARGV[1] + 1) ~= ARGV[1] .. ':' then
  local t = redis.call('TIME')
  life = ARGV[1] .. ':' .. ARGV[2] .. ':' .. string.format('%d', t[1] * 1000 + math.floor(t[2] / 1000))
  redis.call('SET', KEYS[1], life)
end
local now = redis.call('TIME')
return { life, now[1], now[2] }
`;

/**
 * The life of the data in the shared store: one id for as long as Redis keeps what it was
 * given, and a new one as soon as it may have lost or rolled back any of it. A server that
 * restarted has a new run id, and may have loaded a snapshot older than the last writes; a
 * wiped database (FLUSHALL, FLUSHDB) has lost the key the life is kept under.
 *
 * What must not come back after such a loss is tied to the life it was written in: a token
 * is found only in the life it was issued in (so a token revoked after the snapshot was
 * taken stays revoked), and a Digest nonce issued before the life started is stale (its
 * counts may be gone, so a replay could not be told from a first use). The price: after a
 * Redis restart, every client asks for a new token or nonce once, even when nothing was lost.
 *
 * The store learns the life on every (re)connection, before any command of a request, and
 * again whenever a command finds the key changed.
 */
export class DataLife {
  readonly #key: string;
  #current: { id: string; startedAt: number } | undefined;

  /** @param key - the key the life is kept under, with the store's prefix */
  constructor(key: string) {
    this.#key = key;
  }

  /** The key the life is kept under. */
  get key(): string {
    return this.#key;
  }

  /** The current life's id; throws before the first connection was made. */
  get id(): string {
    return this.#known().id;
  }

  /** When the current life started, in ms since the epoch by this machine's clock. */
  get startedAt(): number {
    return this.#known().startedAt;
  }

  /**
   * Reads the life from Redis, starting a new one if the data may have been lost.
   *
   * @internal
   */
  async learn(redis: Redis): Promise<void> {
    const runId = /^run_id:(\w+)/m.exec(await redis.info('server'))?.[1] ?? 'unknown';
    const sent = Date.now();
    const [id, seconds, micros] = (await redis.eval(LEARN, 1, this.#key, runId, randomUUID())) as [
      string,
      string,
      string,
    ];
    // Redis's clock may differ from this machine's: the start is moved by the difference,
    // measured at the middle of the round trip, and taken as early as the trip allows.
    const received = Date.now();
    const redisNow = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    const offset = (sent + received) / 2 - redisNow;
    const earliest = Number(id.split(':')[2]) + offset - (received - sent) / 2 - 1;
    this.#current = { id, startedAt: Math.floor(earliest) };
  }

  #known(): { id: string; startedAt: number } {
    if (this.#current === undefined) throw new Error('the life of the store is not known yet');
    return this.#current;
  }
}
