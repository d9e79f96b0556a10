/**
 * `npm run bench`: the router micro-benchmark, the HTTP comparison, the HAL comparison,
 * then the workshop command's timings; the soak only when asked for.
 *
 *   npm run bench                 all four
 *   npm run bench -- --router     only the router benchmark (or BENCH_ONLY=router)
 *   npm run bench -- --http       only the HTTP comparison (or BENCH_ONLY=http)
 *   npm run bench -- --hal        only the HAL comparison (or BENCH_ONLY=hal)
 *   npm run bench -- --workshop   only the workshop timings (or BENCH_ONLY=workshop)
 *   npm run bench -- --soak       the soak of the conference API (or BENCH_ONLY=soak)
 *
 * Settings such as BENCH_DURATION and BENCH_ROUNDS are described in bench/config.ts
 * and docs/benchmarks.md; the soak's BENCH_SOAK_SECONDS in bench/soak/soak.ts.
 */
import { readConfig } from './config.ts';
import { runHttpComparison } from './http/compare.ts';
import { runHalComparison } from './http/hal.ts';
import { describeMachine } from './machine.ts';
import { runRouterComparison } from './router/compare.ts';
import { runSoak } from './soak/soak.ts';

type Part = 'http' | 'hal' | 'router' | 'workshop' | 'soak';
const PARTS: readonly Part[] = ['router', 'http', 'hal', 'workshop', 'soak'];
// The soak checks reliability for a minute per schema rather than measuring speed: it runs
// only when named.
const DEFAULT_PARTS = PARTS.filter((part) => part !== 'soak');

/** Which parts to run: flags first, then BENCH_ONLY, else all but the soak. */
function selectedParts(argv: readonly string[], only: string | undefined): Part[] {
  const flags = PARTS.filter((part) => argv.includes(`--${part}`));
  if (flags.length > 0) return flags;
  const named = PARTS.find((part) => part === only);
  if (named) return [named];
  if (only !== undefined && only !== '') {
    throw new Error(`BENCH_ONLY must be one of ${PARTS.join(', ')}, not "${only}"`);
  }
  return DEFAULT_PARTS;
}

const config = readConfig();
const parts = selectedParts(process.argv.slice(2), process.env.BENCH_ONLY);

console.log(`# Hyperpipe benchmarks, ${new Date().toISOString()}\n`);
console.log(describeMachine());
// Router first: it runs in this process and wants a quiet machine, before any server exists.
if (parts.includes('router')) await runRouterComparison();
if (parts.includes('http')) await runHttpComparison(config);
if (parts.includes('hal')) await runHalComparison(config);
// The workshop timings run as a script of their own: importing it runs it.
if (parts.includes('workshop')) await import('./workshop/run.ts');
if (parts.includes('soak')) await runSoak();
