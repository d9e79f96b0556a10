import type { BenchConfig } from '../config.ts';
import type { ServerProcess } from './child.ts';
import { withServers } from './compare.ts';
import { inMemoryTable } from './inMemory.ts';
import { planPinning } from './pin.ts';
import { httpTable, judged } from './report.ts';
import { runRounds } from './rounds.ts';
import { BASELINE, type ServerSpec, SUBJECT, serverScript } from './servers.ts';
import { type ServerSummary, summarize } from './summary.ts';

/** Hyperpipe's HAL path must reach this share of the hand-written server's throughput. */
export const HAL_TARGET = 0.7;

/** The conference API's entity (a speaker with embedded talks) and collection (a page of 25). */
export const HAL_PATHS = ['/speaker/26', '/speaker?page=2'] as const;

/** The hand-written node:http + better-sqlite3 server, and the conference API on Hyperpipe. */
const HAL_SERVERS: readonly ServerSpec[] = [
  { name: BASELINE, script: serverScript('halRaw.ts') },
  { name: SUBJECT, script: serverScript('halHyperpipe.ts') },
];

/**
 * The HAL comparison: both servers answer the same paths with the same bytes (checked
 * first), each path loaded in alternating rounds like the ping comparison.
 */
export async function runHalComparison(config: BenchConfig): Promise<void> {
  console.log(
    `\n## HAL: GET ${HAL_PATHS.join(' and GET ')}, ${config.connections} connections, ` +
      (config.rate > 0 ? `${config.rate} req/s each, ` : '') +
      `${config.rounds} rounds × ${config.duration} s (warm-up ${config.warmup} s, discarded)\n`,
  );
  let reference: Map<string, string> | undefined;
  const verify = async (server: ServerProcess) => {
    const answers = await answersOf(server);
    if (reference === undefined) reference = answers;
    else assertSameAnswers(reference, answers, server.spec.name);
  };
  await withServers(HAL_SERVERS, config, verify, async (servers) => {
    for (const path of HAL_PATHS) {
      console.log(`\n### GET ${path}\n`);
      const results = await runRounds(servers, config, path);
      const summaries = HAL_SERVERS.map((spec) => summarize(spec.name, results));
      console.log(`\n${httpTable(summaries)}\n`);
      console.log(halTarget(path, summaries, config.rate > 0));
    }
  });
  console.log('\n### Without sockets (CPU per request over an in-memory socket)\n');
  console.log(await inMemoryTable(HAL_SERVERS, HAL_PATHS, planPinning(config.pin)?.servers));
}

/** Each path's answer as status, content type and body, for a byte comparison. */
async function answersOf(server: ServerProcess): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const path of HAL_PATHS) {
    const response = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(5_000) });
    const type = response.headers.get('content-type');
    // Both do the same work for headers too: a validator and the negotiation they depend on.
    const validators = `etag: ${response.headers.has('etag')}, vary: ${response.headers.get('vary')}`;
    // Each server builds its links from its own origin; the rest must be the same bytes.
    const body = (await response.text()).replaceAll(server.url, '<origin>');
    answers.set(path, `${response.status} ${type} (${validators})\n${body}`);
  }
  return answers;
}

function assertSameAnswers(
  reference: ReadonlyMap<string, string>,
  answers: ReadonlyMap<string, string>,
  name: string,
): void {
  for (const [path, expected] of reference) {
    const actual = answers.get(path);
    if (actual !== expected) {
      throw new Error(
        `${name} answers GET ${path} differently from ${BASELINE}:\n${actual}\n---\n${expected}`,
      );
    }
  }
}

function halTarget(path: string, summaries: readonly ServerSummary[], fixedRate: boolean): string {
  const [baseline, subject] = [BASELINE, SUBJECT].map((name) =>
    summaries.find((summary) => summary.server === name),
  );
  if (!baseline || !subject) return '';
  return `GET ${path}: ${SUBJECT} ≥ ${HAL_TARGET} × ${BASELINE}: ${judged(subject, baseline, HAL_TARGET, fixedRate)}`;
}
