import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from '../stats.ts';
import { markdownTable } from '../table.ts';
import { pin } from './pin.ts';
import { BASELINE, type ServerSpec } from './servers.ts';

const CHILD = fileURLToPath(new URL('./inMemoryChild.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Runs per server and path, alternating between the servers. */
const RUNS = 3;
const RUN_TIMEOUT = 120_000;

/** CPU µs per request without sockets, by path, then by server name. */
export type InMemoryCosts = ReadonlyMap<string, ReadonlyMap<string, number>>;

/**
 * CPU per request without sockets: each server answers requests fed over an in-memory
 * socket in its own process (inMemoryChild.ts), one at a time. This is the server's own work
 * (parsing, the framework, the database, serializing) without what the kernel and the load
 * generator add, which under load grows with how long the server takes; it is also steady on
 * a busy machine. Each cost is the median over the runs of each run's fastest batch.
 *
 * @param cpus - the cores to pin each child to, as the servers under load are
 */
export async function inMemoryCosts(
  specs: readonly ServerSpec[],
  paths: readonly string[],
  cpus: string | undefined,
): Promise<InMemoryCosts> {
  const costs = new Map<string, Map<string, number>>();
  for (const path of paths) {
    const fastest = new Map<string, number[]>(specs.map((spec) => [spec.name, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const spec of specs) {
        const perRequest = await measure(spec, path, cpus);
        fastest.get(spec.name)?.push(Math.min(...perRequest));
      }
    }
    costs.set(
      path,
      new Map(specs.map((spec) => [spec.name, median(fastest.get(spec.name) ?? [])])),
    );
  }
  return costs;
}

/** The costs as a table, a row per path and server, with the ratio to the baseline. */
export function inMemoryCostTable(costs: InMemoryCosts): string {
  const rows: string[][] = [];
  for (const [path, byServer] of costs) {
    const baseline = byServer.get(BASELINE) ?? Number.NaN;
    for (const [name, cost] of byServer) {
      rows.push([`GET ${path}`, name, cost.toFixed(1), (baseline / cost).toFixed(2)]);
    }
  }
  return markdownTable(['path', 'server', 'CPU µs/req', `× ${BASELINE} by CPU`], rows);
}

/** {@link inMemoryCosts} measured and shown as {@link inMemoryCostTable}. */
export async function inMemoryTable(
  specs: readonly ServerSpec[],
  paths: readonly string[],
  cpus: string | undefined,
): Promise<string> {
  return inMemoryCostTable(await inMemoryCosts(specs, paths, cpus));
}

/** One run of the child: the CPU per request of each batch, in µs. */
function measure(spec: ServerSpec, path: string, cpus: string | undefined): Promise<number[]> {
  const child = fork(CHILD, [spec.script, path], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (cpus !== undefined && child.pid !== undefined) pin(child.pid, cpus);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT);
    let result: number[] | undefined;
    child.on('message', (message: { type?: string; perRequest?: number[] }) => {
      if (message.type === 'in-memory') result = message.perRequest;
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (result !== undefined) resolve(result);
      else reject(new Error(`${spec.name} in memory: exited (${signal ?? `code ${code}`})`));
    });
  });
}
