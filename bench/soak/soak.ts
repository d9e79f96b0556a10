import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatInteger, markdownTable, verdict } from '../table.ts';
import {
  type CatalogueHealth,
  type CatalogueIds,
  checkCatalogue,
  readIds,
  SOAK_CATALOGUES,
  type SoakCatalogue,
} from './catalogues.ts';
import { type ConferenceServer, startConference } from './server.ts';
import { runTraffic, type TrafficResult } from './traffic.ts';

/** The issue's soak: 100 connections of mixed reads and writes. */
const CONNECTIONS = 100;
const DEFAULT_SECONDS = 60;

/** The demo OAuth2 client and editor of conference/config/autoload/authentication.global.ts. */
const CLIENT = { id: 'workshop', secret: 'workshop-secret' };
const EDITOR = { username: 'editor', password: 'hyperpipe-editor' };

interface SoakRun {
  catalogue: SoakCatalogue;
  seconds: number;
  traffic: TrafficResult;
  rssBefore: number;
  rssAfter: number;
  exitCode: number | null;
  /** The longest the server's event loop was held up, in ms. */
  serverStallMs: number;
  health: CatalogueHealth;
}

/** BENCH_SOAK_SECONDS, from 1 to 3600; 60 unless set. */
function soakSeconds(raw = process.env.BENCH_SOAK_SECONDS): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_SECONDS;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) {
    throw new Error(`BENCH_SOAK_SECONDS must be an integer from 1 to 3600, not "${raw}"`);
  }
  return seconds;
}

/**
 * `npm run bench -- --soak`: for each catalogue schema, `npm run serve` on a fresh copy,
 * BENCH_SOAK_SECONDS of mixed reads and concurrent writes at 100 connections, then SIGTERM
 * and a look at the file: `PRAGMA integrity_check`, and links left without their talk or
 * speaker. Targets: no request without an answer, no 5xx, integrity ok, no orphan.
 */
export async function runSoak(): Promise<void> {
  const seconds = soakSeconds();
  console.log(
    `\n## Soak: ${seconds} s of mixed reads and writes at ${CONNECTIONS} connections per schema\n`,
  );
  const runs: SoakRun[] = [];
  for (const catalogue of SOAK_CATALOGUES) runs.push(await soak(catalogue, seconds));
  report(runs);
}

async function soak(catalogue: SoakCatalogue, seconds: number): Promise<SoakRun> {
  const folder = mkdtempSync(join(tmpdir(), 'hyperpipe-soak-'));
  try {
    const database = join(folder, 'conference.sqlite');
    catalogue.write(database);
    const ids = readIds(database);
    const server = await startConference(database, join(folder, 'oauth.sqlite'));
    const measured = await measure(server, ids, seconds).catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
    const exitCode = await server.stop();
    const serverStallMs = server.loopStallMs();
    return {
      catalogue,
      seconds,
      ...measured,
      exitCode,
      serverStallMs,
      health: checkCatalogue(database),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The traffic, with the server's RSS just before and just after it. */
async function measure(server: ConferenceServer, ids: CatalogueIds, seconds: number) {
  const authorization = `Bearer ${await accessToken(server.url)}`;
  const rssBefore = server.rss();
  server.measureLoopStalls();
  const traffic = await runTraffic({
    url: server.url,
    ids,
    authorization,
    connections: CONNECTIONS,
    seconds,
  });
  return { traffic, rssBefore, rssAfter: server.rss() };
}

/** An editor's OAuth2 access token: one cheap lookup per write, where Basic hashes a password. */
async function accessToken(url: string): Promise<string> {
  const response = await fetch(`${url}/oauth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      ...EDITOR,
    }),
  });
  if (!response.ok)
    throw new Error(`POST /oauth answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

const mebibytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** "p50 / p99 / max" of the answered requests' latencies, in ms. */
function latencySummary(latencies: readonly number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return [at(0.5), at(0.99), sorted.at(-1) ?? 0].map((ms) => formatInteger(ms)).join(' / ');
}

function report(runs: readonly SoakRun[]): void {
  const rows = runs.map(({ catalogue, seconds, traffic, rssBefore, rssAfter, health }) => [
    catalogue.name,
    formatInteger(traffic.requests),
    formatInteger(traffic.requests / seconds),
    String(traffic.errors),
    formatInteger(traffic.byClass['2xx'] ?? 0),
    formatInteger(traffic.byClass['3xx'] ?? 0),
    formatInteger(traffic.byClass['4xx'] ?? 0),
    String(traffic.byClass['5xx'] ?? 0),
    latencySummary(traffic.latencies),
    `${mebibytes(rssBefore)} → ${mebibytes(rssAfter)}`,
    health.integrity,
    String(health.orphans),
    `${health.speakers} / ${health.talks} / ${health.links}`,
  ]);
  console.log(
    markdownTable(
      [
        'schema',
        'requests',
        'req/s',
        'errors',
        '2xx',
        '3xx',
        '4xx',
        '5xx',
        'ms p50 / p99 / max',
        'server RSS',
        'integrity',
        'orphans',
        'speakers / talks / links after',
      ],
      rows,
    ),
  );
  for (const run of runs) {
    console.log(
      `\n${run.catalogue.name}: answers by operation and status (4xx come from races between clients)`,
    );
    const operations = Object.entries(run.traffic.byOperation).sort(([a], [b]) =>
      a.localeCompare(b),
    );
    console.log(operations.map(([operation, n]) => `  ${operation}: ${n}`).join('\n'));
    const errors = Object.entries(run.traffic.errorKinds);
    if (errors.length > 0) {
      console.log(`  errors:\n${errors.map(([kind, n]) => `    ${kind}: ${n}`).join('\n')}`);
    }
    const stalls = [run.serverStallMs, run.traffic.clientStallMs].map(formatInteger);
    console.log(`  longest event-loop stall: server ${stalls[0]} ms, clients ${stalls[1]} ms`);
    console.log(`  server exit code after SIGTERM: ${run.exitCode}`);
  }
  // Other processes competing for the cores slow every answer; a timeout may be theirs.
  console.log(`\nLoad average after the runs: ${os.loadavg()[0]?.toFixed(2)} (1 min)`);
  const met = (check: (run: SoakRun) => boolean) => verdict(runs.every(check));
  console.log(`\nTarget: no request without an answer: ${met((run) => run.traffic.errors === 0)}`);
  console.log(`Target: no 5xx: ${met((run) => (run.traffic.byClass['5xx'] ?? 0) === 0)}`);
  console.log(`Target: integrity_check ok: ${met((run) => run.health.integrity === 'ok')}`);
  console.log(`Target: no orphan link: ${met((run) => run.health.orphans === 0)}`);
}
