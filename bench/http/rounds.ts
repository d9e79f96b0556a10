import type { BenchConfig } from '../config.ts';
import type { ServerProcess } from './child.ts';
import { type LoadOptions, load, type RoundResult } from './load.ts';

/** Pause between two loads, so the sockets of one do not linger into the next. */
const PAUSE = 500;

/**
 * The warm-up round (discarded: JIT compilation and first allocations), then the measured
 * rounds. Servers take turns within each round, so a slow phase of the machine (another
 * process, throttling) hits one round of every server rather than all rounds of one; each
 * round starts with another server, so none is always first or last.
 */
export async function runRounds(
  servers: readonly ServerProcess[],
  config: BenchConfig,
  path = '/ping',
): Promise<RoundResult[]> {
  const options: LoadOptions = {
    path,
    connections: config.connections,
    pipelining: config.pipelining,
    rate: config.rate,
    duration: config.duration,
  };
  if (config.warmup > 0) {
    console.log('warm-up (discarded)');
    await round(servers, { ...options, duration: config.warmup });
  }
  const results: RoundResult[] = [];
  for (let index = 0; index < config.rounds; index++) {
    console.log(`round ${index + 1}/${config.rounds}`);
    results.push(...(await round(rotate(servers, index), options)));
  }
  return results;
}

async function round(
  servers: readonly ServerProcess[],
  options: LoadOptions,
): Promise<RoundResult[]> {
  const results: RoundResult[] = [];
  for (const server of servers) {
    const result = await load(server, options);
    console.log(progressLine(result));
    results.push(result);
    await new Promise((resolve) => setTimeout(resolve, PAUSE));
  }
  return results;
}

function progressLine(result: RoundResult): string {
  const rate = Math.round(result.requestsPerSecond).toString().padStart(7);
  const cpu = result.cpuPerRequest.toFixed(1).padStart(5);
  return `  ${result.server.padEnd(20)} ${rate} req/s  ${cpu} µs CPU/req  p99 ${result.p99} ms`;
}

/** Round n starts with the n-th server, so each server takes every position in turn. */
function rotate<T>(items: readonly T[], by: number): T[] {
  const start = by % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}
