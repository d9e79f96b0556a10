/**
 * `npm run bench`: the router micro-benchmark, the HTTP comparison, the HAL comparison,
 * then the workshop command's timings.
 *
 *   npm run bench                 all four
 *   npm run bench -- --router     only the router benchmark (or BENCH_ONLY=router)
 *   npm run bench -- --http       only the HTTP comparison (or BENCH_ONLY=http)
 *   npm run bench -- --hal        only the HAL comparison (or BENCH_ONLY=hal)
 *   npm run bench -- --workshop   only the workshop timings (or BENCH_ONLY=workshop)
 *
 * Settings such as BENCH_DURATION and BENCH_ROUNDS are described in bench/config.ts
 * and docs/benchmarks.md.
 */
import { readConfig } from './config.ts';
import { runHttpComparison } from './http/compare.ts';
import { runHalComparison } from './http/hal.ts';
import { describeMachine } from './machine.ts';
import { runRouterComparison } from './router/compare.ts';

type Part = 'http' | 'hal' | 'router' | 'workshop';
const PARTS: readonly Part[] = ['router', 'http', 'hal', 'workshop'];

/** Which parts to run: flags first, then BENCH_ONLY, else all. */
function selectedParts(argv: readonly string[], only: string | undefined): Part[] {
  const flags = PARTS.filter((part) => argv.includes(`--${part}`));
  if (flags.length > 0) return flags;
  const named = PARTS.find((part) => part === only);
  if (named) return [named];
  if (only !== undefined && only !== '') {
    throw new Error(`BENCH_ONLY must be one of ${PARTS.join(', ')}, not "${only}"`);
  }
  return [...PARTS];
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
