import type { Router } from 'hyperpipe/router';
import { do_not_optimize, measure } from 'mitata';
import { loadTable, routeTable } from './routeTable.ts';

/** The time of one lookup in a table of `size` routes. */
export interface LookupTiming {
  readonly size: number;
  /** Median nanoseconds per `router.match()`. */
  readonly p50: number;
  /** Mean nanoseconds per `router.match()`. */
  readonly avg: number;
}

/** Times `router.match('GET', path)` with mitata, on a fresh router holding `size` routes. */
export async function timeLookup(createRouter: () => Router, size: number): Promise<LookupTiming> {
  const table = routeTable(size);
  const router = createRouter();
  loadTable(router, table);
  // do_not_optimize keeps the JIT from dropping a result nobody reads.
  const stats = await measure(() => do_not_optimize(router.match('GET', table.path)));
  return { size, p50: stats.p50, avg: stats.avg };
}
