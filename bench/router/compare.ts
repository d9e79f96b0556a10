import type { Router } from 'hyperpipe/router';
import { FindMyWayRouter, PatternRouter } from 'hyperpipe/router';
import { markdownTable, verdict } from '../table.ts';
import { type LookupTiming, timeLookup } from './lookup.ts';

export const SIZES = [10, 100, 1000] as const;
/** FindMyWayRouter's lookup among 1,000 routes may take at most this many times that among 10. */
export const SCALING_TARGET = 1.5;

interface RouterSpec {
  readonly name: string;
  readonly create: () => Router;
  /** Whether the scaling target applies; the PatternRouter is linear by design. */
  readonly targeted: boolean;
}

const ROUTERS: readonly RouterSpec[] = [
  { name: 'FindMyWayRouter', create: () => new FindMyWayRouter(), targeted: true },
  { name: 'PatternRouter', create: () => new PatternRouter(), targeted: false },
];

/** Lookup times per router and table size, and how they grow from 10 to 1,000 routes. */
export async function runRouterComparison(): Promise<void> {
  console.log('\n## Router: router.match() of a route near the end of the table (mitata)\n');
  const rows: string[][] = [];
  const targets: string[] = [];
  for (const spec of ROUTERS) {
    const timings: LookupTiming[] = [];
    for (const size of SIZES) timings.push(await timeLookup(spec.create, size));
    const growth = scaling(timings);
    rows.push([
      spec.name,
      ...timings.map((timing) => formatNs(timing.p50)),
      `${growth.toFixed(2)}×`,
    ]);
    targets.push(
      spec.targeted
        ? `${spec.name} lookup(1000)/lookup(10) ≤ ${SCALING_TARGET}: ${growth.toFixed(2)} → ${verdict(growth <= SCALING_TARGET)}`
        : `${spec.name} lookup(1000)/lookup(10): ${growth.toFixed(2)} (linear by design; no target)`,
    );
  }
  const header = [
    'router (median per lookup)',
    ...SIZES.map((size) => `${size} routes`),
    '1000 / 10',
  ];
  console.log(`${markdownTable(header, rows)}\n`);
  for (const line of targets) console.log(line);
}

function scaling(timings: readonly LookupTiming[]): number {
  const first = timings[0];
  const last = timings[timings.length - 1];
  return first && last ? last.p50 / first.p50 : Number.NaN;
}

/** Median time per lookup: ns below a microsecond, µs above. */
function formatNs(ns: number): string {
  return ns < 1000 ? `${ns.toFixed(0)} ns` : `${(ns / 1000).toFixed(2)} µs`;
}
