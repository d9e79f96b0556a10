/**
 * Benchmark settings, read from environment variables so that a quick smoke run and a
 * careful run use the same code. Every value is clamped, so a typo cannot start an
 * endless run.
 */
export interface BenchConfig {
  /** Seconds of load per server and round (BENCH_DURATION). */
  readonly duration: number;
  /** Seconds of load per server in the discarded warm-up round; 0 skips it (BENCH_WARMUP). */
  readonly warmup: number;
  /** Measured rounds (BENCH_ROUNDS). */
  readonly rounds: number;
  /** Concurrent connections autocannon keeps open (BENCH_CONNECTIONS). */
  readonly connections: number;
  /** Requests in flight per connection (BENCH_PIPELINING). */
  readonly pipelining: number;
  /**
   * Requests per second for every server alike, or 0 for as many as each can take
   * (BENCH_RATE). A fixed rate below every server's limit compares CPU per request at the
   * same load: at their limits a fast server waits for the client and a slow one does not,
   * which changes what the kernel spends on each request.
   */
  readonly rate: number;
  /** Only these servers, by name; all when empty (BENCH_SERVERS=raw,hyperpipe). */
  readonly servers: readonly string[];
  /** Servers whose child process writes a CPU profile to bench/.profiles (BENCH_PROFILE). */
  readonly profile: readonly string[];
  /** Pin autocannon and the servers to separate cores with taskset (BENCH_PIN=0 turns it off). */
  readonly pin: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  return {
    duration: number(env, 'BENCH_DURATION', 3, 1, 60),
    warmup: number(env, 'BENCH_WARMUP', 2, 0, 60),
    rounds: number(env, 'BENCH_ROUNDS', 5, 1, 20),
    connections: number(env, 'BENCH_CONNECTIONS', 50, 1, 1000),
    pipelining: number(env, 'BENCH_PIPELINING', 1, 1, 100),
    rate: number(env, 'BENCH_RATE', 0, 0, 1_000_000),
    servers: list(env.BENCH_SERVERS),
    profile: list(env.BENCH_PROFILE),
    pin: number(env, 'BENCH_PIN', 1, 0, 1) === 1,
  };
}

function number(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, not "${raw}"`);
  }
  return value;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
