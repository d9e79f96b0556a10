/**
 * `npm run bench`: the router micro-benchmark, then the HTTP comparison.
 *
 *   npm run bench                 both
 *   npm run bench -- --router     only the router benchmark (or BENCH_ONLY=router)
 *   npm run bench -- --http       only the HTTP comparison (or BENCH_ONLY=http)
 *
 * Settings such as BENCH_DURATION and BENCH_ROUNDS are described in bench/config.ts
 * and docs/benchmarks.md.
 */
import { readConfig } from './config.ts';
import { runHttpComparison } from './http/compare.ts';
import { describeMachine } from './machine.ts';
import { runRouterComparison } from './router/compare.ts';

type Part = 'http' | 'router';

/** Which parts to run: flags first, then BENCH_ONLY, else both. */
function selectedParts(argv: readonly string[], only: string | undefined): Part[] {
  const flags = (['http', 'router'] as const).filter((part) => argv.includes(`--${part}`));
  if (flags.length > 0) return flags;
  if (only === 'http' || only === 'router') return [only];
  if (only !== undefined && only !== '') {
    throw new Error(`BENCH_ONLY must be "http" or "router", not "${only}"`);
  }
  return ['router', 'http'];
}

const config = readConfig();
const parts = selectedParts(process.argv.slice(2), process.env.BENCH_ONLY);

console.log(`# Hyperpipe benchmarks, ${new Date().toISOString()}\n`);
console.log(describeMachine());
// Router first: it runs in this process and wants a quiet machine, before any server exists.
if (parts.includes('router')) await runRouterComparison();
if (parts.includes('http')) await runHttpComparison(config);
