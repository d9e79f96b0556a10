import { median, sum } from '../stats.ts';
import type { RoundResult } from './load.ts';

/** One server over all measured rounds. */
export interface ServerSummary {
  readonly server: string;
  /** Requests per second of each round, in round order. */
  readonly perRound: readonly number[];
  readonly requestsPerSecond: number;
  /** Median server CPU per request, in µs. */
  readonly cpuPerRequest: number;
  /** Median of the rounds' p99 latencies, in ms. */
  readonly p99: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
}

/**
 * Medians over rounds rather than means: a round disturbed by something else on the
 * machine moves a mean, not a median. Failures are summed: any of them matters.
 */
export function summarize(server: string, rounds: readonly RoundResult[]): ServerSummary {
  const own = rounds.filter((round) => round.server === server);
  return {
    server,
    perRound: own.map((round) => round.requestsPerSecond),
    requestsPerSecond: median(own.map((round) => round.requestsPerSecond)),
    cpuPerRequest: median(own.map((round) => round.cpuPerRequest)),
    p99: median(own.map((round) => round.p99)),
    errors: sum(own.map((round) => round.errors)),
    timeouts: sum(own.map((round) => round.timeouts)),
    non2xx: sum(own.map((round) => round.non2xx)),
  };
}
