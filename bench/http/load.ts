import autocannon from 'autocannon';
import type { ServerProcess } from './child.ts';

/** What one round of load on one server measured. */
export interface RoundResult {
  readonly server: string;
  readonly requestsPerSecond: number;
  /**
   * Microseconds of server CPU per request. Unlike req/s it hardly depends on what else
   * runs on the machine, so it shows a framework's own cost even on a busy one.
   */
  readonly cpuPerRequest: number;
  /** Milliseconds. */
  readonly p99: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
}

export interface LoadOptions {
  /** The path requested, such as `/ping`. */
  readonly path: string;
  readonly connections: number;
  readonly pipelining: number;
  /** Requests per second across all connections; 0 for no limit. */
  readonly rate: number;
  /** Seconds. */
  readonly duration: number;
}

/** Grace on top of the duration before a stuck round is stopped. */
const WATCHDOG_GRACE = 15_000;

/** Puts load on one path of the server with autocannon, in this process, for `duration` seconds. */
export async function load(server: ServerProcess, options: LoadOptions): Promise<RoundResult> {
  const cpuBefore = await server.cpuTime();
  const result = await autocannonRun(`${server.url}${options.path}`, options);
  const cpu = (await server.cpuTime()) - cpuBefore;
  return {
    server: server.spec.name,
    // total/duration, not the mean of one-second samples, which drops a partial last second.
    requestsPerSecond: result.requests.total / result.duration,
    cpuPerRequest: cpu / Math.max(1, result.requests.total),
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/** autocannon's callback API, as a promise, with a watchdog in case a run never ends. */
function autocannonRun(url: string, options: LoadOptions): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const { connections, pipelining, duration, rate } = options;
    const settings = { url, connections, pipelining, duration, timeout: 10 };
    if (rate > 0) Object.assign(settings, { overallRate: rate });
    const instance = autocannon(settings, (error, result) => {
      clearTimeout(watchdog);
      if (error) reject(error);
      else resolve(result);
    });
    const watchdog = setTimeout(() => instance.stop(), options.duration * 1000 + WATCHDOG_GRACE);
  });
}
