import type { BenchConfig } from '../config.ts';
import { formatInteger, markdownTable, verdict } from '../table.ts';
import { withServers } from './compare.ts';
import { type InMemoryCosts, inMemoryCosts, inMemoryCostTable } from './inMemory.ts';
import { planPinning } from './pin.ts';
import { httpTable, judged } from './report.ts';
import { runRounds } from './rounds.ts';
import { BASELINE, type ServerSpec, SUBJECT, serverScript } from './servers.ts';
import { type ServerSummary, summarize } from './summary.ts';
import { HAL_CONTRACT, verifyContract, verifyHal } from './verify.ts';

/** Hyperpipe's HAL path must reach this share of the hand-written server's throughput (issue 27). */
export const HAL_TARGET = 0.85;

/** The conference API's entity (a speaker with embedded talks) and collection (a page of 25). */
export const HAL_PATHS = ['/speaker/26', '/speaker?page=2'] as const;

/** The peers that only route and send the same bytes: the limit of what each framework costs. */
const HONO_BYTES = 'hono (bytes only)';
const FASTIFY_BYTES = 'fastify (bytes only)';
/**
 * The peers that do what the conference API does on these routes (negotiation, revalidation,
 * credentials, problems) with their frameworks' own plugins and middleware: what a user who
 * picked Fastify or Hono instead would run.
 */
const HONO_FEATURES = 'hono + middleware';
const FASTIFY_FEATURES = 'fastify + plugins';

/**
 * The hand-written node:http + better-sqlite3 server, the byte-only peers on Hono and on
 * Fastify, the feature-equivalent peers, and the conference API on Hyperpipe.
 */
const HAL_SERVERS: readonly ServerSpec[] = [
  { name: BASELINE, script: serverScript('halRaw.ts') },
  { name: HONO_BYTES, script: serverScript('halHono.ts') },
  { name: FASTIFY_BYTES, script: serverScript('halFastify.ts') },
  { name: HONO_FEATURES, script: serverScript('halHonoMiddleware.ts') },
  { name: FASTIFY_FEATURES, script: serverScript('halFastifyPlugins.ts') },
  { name: SUBJECT, script: serverScript('halHyperpipe.ts') },
];

/** The peers Hyperpipe must not fall behind: each feature-equivalent one, and byte-only Hono. */
const GOAL_PEERS = [HONO_FEATURES, FASTIFY_FEATURES, HONO_BYTES];

/**
 * The HAL comparison: every server answers the same paths with the same bytes and headers,
 * and each feature-equivalent peer answers the whole contract as Hyperpipe does (both checked
 * first), each path loaded in alternating rounds like the ping comparison; then the
 * same paths without sockets, and the summary of both.
 */
export async function runHalComparison(config: BenchConfig): Promise<void> {
  console.log(
    `\n## HAL: GET ${HAL_PATHS.join(' and GET ')}, ${config.connections} connections, ` +
      (config.rate > 0 ? `${config.rate} req/s each, ` : '') +
      `${config.rounds} rounds × ${config.duration} s (warm-up ${config.warmup} s, discarded)\n`,
  );
  const underLoad = new Map<string, readonly ServerSummary[]>();
  await withServers(
    HAL_SERVERS,
    config,
    async () => {},
    async (servers) => {
      await verifyHal(servers, HAL_PATHS);
      console.log(
        `same bytes and headers from ${servers.map((server) => server.spec.name).join(', ')}`,
      );
      const subject = servers.find((server) => server.spec.name === SUBJECT);
      const peers = servers.filter((server) =>
        [HONO_FEATURES, FASTIFY_FEATURES].includes(server.spec.name),
      );
      if (subject !== undefined) await verifyContract(subject, peers);
      console.log(
        `same answers to the ${HAL_CONTRACT.length} requests of the contract from ${SUBJECT}, ${peers.map((peer) => peer.spec.name).join(', ')}`,
      );
      for (const path of HAL_PATHS) {
        console.log(`\n### GET ${path}\n`);
        const results = await runRounds(servers, config, path);
        const summaries = HAL_SERVERS.map((spec) => summarize(spec.name, results));
        underLoad.set(path, summaries);
        console.log(`\n${httpTable(summaries)}\n`);
        for (const line of halTargets(path, summaries, config.rate > 0)) console.log(line);
      }
    },
  );
  console.log('\n### Without sockets (CPU per request over an in-memory socket)\n');
  const costs = await inMemoryCosts(HAL_SERVERS, HAL_PATHS, planPinning(config.pin)?.servers);
  console.log(inMemoryCostTable(costs));
  console.log('\n### Summary (× node:http; 1.00 is as fast or as cheap)\n');
  console.log(summaryTable(underLoad, costs, config.rate > 0));
}

/** Hyperpipe against the hand-written server (at {@link HAL_TARGET}) and against each peer. */
function halTargets(
  path: string,
  summaries: readonly ServerSummary[],
  fixedRate: boolean,
): string[] {
  const find = (name: string) => summaries.find((summary) => summary.server === name);
  const subject = find(SUBJECT);
  if (subject === undefined) return [];
  const lines: string[] = [];
  const baseline = find(BASELINE);
  if (baseline) {
    lines.push(
      `GET ${path}: ${SUBJECT} ≥ ${HAL_TARGET} × ${BASELINE}: ${judged(subject, baseline, HAL_TARGET, fixedRate)}`,
    );
  }
  for (const peer of GOAL_PEERS) {
    const summary = find(peer);
    if (summary) {
      lines.push(
        `GET ${path}: ${SUBJECT} not behind ${peer}: ${judged(subject, summary, 1, fixedRate)}`,
      );
    }
  }
  return lines;
}

/**
 * One row per path and measure, one column per server, each cell the ratio to the
 * hand-written server (its own figure in the baseline's column): req/s under load, CPU per
 * request under load, CPU per request without sockets. The last column says whether
 * Hyperpipe meets the goal on that row: ≥ {@link HAL_TARGET} × node:http and ≥ every one of
 * {@link GOAL_PEERS}.
 */
function summaryTable(
  underLoad: ReadonlyMap<string, readonly ServerSummary[]>,
  costs: InMemoryCosts,
  fixedRate: boolean,
): string {
  const names = HAL_SERVERS.map((spec) => spec.name);
  const rows: string[][] = [];
  for (const path of HAL_PATHS) {
    const summaries = underLoad.get(path) ?? [];
    const load = (name: string) => summaries.find((summary) => summary.server === name);
    const measures: [string, (name: string) => number | undefined, boolean, string][] = [
      ['req/s', (name) => load(name)?.requestsPerSecond, true, 'req/s'],
      ['CPU µs/req', (name) => load(name)?.cpuPerRequest, false, 'µs'],
      ['without sockets, CPU µs/req', (name) => costs.get(path)?.get(name), false, 'µs'],
    ];
    for (const [measure, value, higherIsBetter, unit] of measures) {
      // At a fixed rate every server serves the same req/s: that row says nothing.
      if (fixedRate && higherIsBetter) continue;
      const base = value(BASELINE);
      if (base === undefined) continue;
      const ratio = (name: string) => {
        const own = value(name);
        if (own === undefined) return undefined;
        return higherIsBetter ? own / base : base / own;
      };
      const cells = names.map((name) => {
        if (name === BASELINE) {
          return `1.00 (${unit === 'req/s' ? formatInteger(base) : base.toFixed(1)} ${unit})`;
        }
        return ratio(name)?.toFixed(2) ?? 'n/a';
      });
      const subject = ratio(SUBJECT);
      const peers = GOAL_PEERS.map(ratio);
      const met =
        subject !== undefined &&
        subject >= HAL_TARGET &&
        peers.every((peer) => peer === undefined || subject >= peer);
      rows.push([`GET ${path}`, measure, ...cells, verdict(met)]);
    }
  }
  return markdownTable(['path', 'measure', ...names, `${SUBJECT}: goal`], rows);
}
