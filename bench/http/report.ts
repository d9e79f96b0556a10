import { formatInteger, markdownTable, verdict } from '../table.ts';
import { BASELINE, RIVAL, SUBJECT } from './servers.ts';
import type { ServerSummary } from './summary.ts';

/** Hyperpipe must reach this share of raw node:http's throughput. */
export const BASELINE_TARGET = 0.9;

/** The comparison table, fastest first, with each server's ratio to raw node:http. */
export function httpTable(summaries: readonly ServerSummary[]): string {
  const baseline = summaries.find((summary) => summary.server === BASELINE)?.requestsPerSecond;
  const rows = [...summaries]
    .sort((a, b) => b.requestsPerSecond - a.requestsPerSecond)
    .map((summary) => [
      summary.server,
      formatInteger(summary.requestsPerSecond),
      baseline ? (summary.requestsPerSecond / baseline).toFixed(2) : 'n/a',
      summary.cpuPerRequest.toFixed(1),
      summary.p99.toFixed(0),
      String(summary.errors),
      String(summary.timeouts),
      String(summary.non2xx),
      summary.perRound.map(formatInteger).join(' / '),
    ]);
  const header = [
    'server',
    'req/s (median)',
    `× ${BASELINE}`,
    'CPU µs/req',
    'p99 ms',
    'errors',
    'timeouts',
    'non-2xx',
    'req/s per round',
  ];
  return markdownTable(header, rows);
}

/**
 * The two HTTP targets, each MET or NOT MET; nothing when a server they need did not run.
 * `fixedRate` says every server was loaded at the same rate (`BENCH_RATE`).
 */
export function httpTargets(summaries: readonly ServerSummary[], fixedRate: boolean): string[] {
  const find = (name: string) => summaries.find((summary) => summary.server === name);
  const subject = find(SUBJECT);
  const lines: string[] = [];
  const baseline = find(BASELINE);
  if (subject && baseline) {
    lines.push(
      `${SUBJECT} ≥ ${BASELINE_TARGET} × ${BASELINE}: ` +
        judged(subject, baseline, BASELINE_TARGET, fixedRate),
    );
  }
  const rival = find(RIVAL);
  if (subject && rival) {
    lines.push(`${SUBJECT} not behind ${RIVAL}: ${judged(subject, rival, 1, fixedRate)}`);
  }
  return lines;
}

/**
 * `subject` against `reference` and a target ratio. By median req/s, with the same ratio by
 * server CPU per request beside it, which a busy machine disturbs far less; by CPU per
 * request alone at a fixed rate, where every server serves the same req/s.
 */
export function judged(
  subject: ServerSummary,
  reference: ServerSummary,
  target: number,
  fixedRate: boolean,
): string {
  const byCpu = costRatio(subject, reference);
  if (fixedRate) {
    return `${byCpu.toFixed(2)} by CPU per request at the same rate → ${verdict(byCpu >= target)}`;
  }
  const ratio = throughputRatio(subject, reference);
  return `${ratio.toFixed(2)} → ${verdict(ratio >= target)} (by CPU per request: ${byCpu.toFixed(2)})`;
}

function throughputRatio(server: ServerSummary, reference: ServerSummary): number {
  return server.requestsPerSecond / reference.requestsPerSecond;
}

/** `reference`'s CPU per request over `server`'s: 1 means as cheap, 0.5 twice as costly. */
function costRatio(server: ServerSummary, reference: ServerSummary): number {
  return reference.cpuPerRequest / server.cpuPerRequest;
}
