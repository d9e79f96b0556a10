import type { BenchConfig } from '../config.ts';
import { type ServerProcess, startServer } from './child.ts';
import { inMemoryTable } from './inMemory.ts';
import { type Pinning, pin, planPinning } from './pin.ts';
import { httpTable, httpTargets } from './report.ts';
import { runRounds } from './rounds.ts';
import { type ServerSpec, selectServers } from './servers.ts';
import { summarize } from './summary.ts';
import { verifyPing } from './verify.ts';

/**
 * The HTTP comparison: every server in its own child process on 127.0.0.1, loaded in
 * turn by autocannon from this process, in alternating rounds; medians per server.
 */
export async function runHttpComparison(config: BenchConfig): Promise<void> {
  const specs = selectServers(config.servers);
  console.log(
    `\n## HTTP: GET /ping, ${config.connections} connections, pipelining ${config.pipelining}, ` +
      (config.rate > 0 ? `${config.rate} req/s each, ` : '') +
      `${config.rounds} rounds × ${config.duration} s (warm-up ${config.warmup} s, discarded)\n`,
  );
  await withServers(specs, config, verifyPing, async (servers) => {
    const results = await runRounds(servers, config);
    const summaries = specs.map((spec) => summarize(spec.name, results));
    console.log(`\n${httpTable(summaries)}\n`);
    for (const line of httpTargets(summaries, config.rate > 0)) console.log(line);
  });
  console.log('\n### Without sockets (CPU per request over an in-memory socket)\n');
  console.log(await inMemoryTable(specs, ['/ping'], planPinning(config.pin)?.servers));
}

/**
 * Starts the servers (pinned, when pinning is on), checks each with `verify`, runs `measure`,
 * and stops them all: at the end, on an error, and on SIGINT or SIGTERM.
 */
export async function withServers(
  specs: readonly ServerSpec[],
  config: BenchConfig,
  verify: (server: ServerProcess) => Promise<void>,
  measure: (servers: readonly ServerProcess[]) => Promise<void>,
): Promise<void> {
  const pinning = pinRunner(config.pin);
  const servers: ServerProcess[] = [];
  const stopAll = () => Promise.all(servers.map((server) => server.stop()));
  // The children exit by themselves when this process dies; stopping them here is tidier.
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the servers`);
    void stopAll().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    for (const spec of specs) {
      const profile = config.profile.includes(spec.name);
      servers.push(await startServer(spec, { profile, cpus: pinning?.servers }));
      await verify(servers[servers.length - 1] as ServerProcess);
    }
    await measure(servers);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stopAll();
  }
}

/** Pins this process (autocannon) to its core, and says where everything runs. */
function pinRunner(enabled: boolean): Pinning | undefined {
  const pinning = planPinning(enabled);
  if (pinning && !pin(process.pid, pinning.runner)) {
    throw new Error('Could not pin the runner with taskset; set BENCH_PIN=0');
  }
  console.log(
    pinning
      ? `pinned: autocannon on core ${pinning.runner}, servers on core(s) ${pinning.servers}`
      : 'not pinned: autocannon and the servers share all cores',
  );
  return pinning;
}
