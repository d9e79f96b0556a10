import type { CatalogueDatabase } from '../../src/index.ts';

/**
 * Reads every row of every table, in storage order, so that tests can check that a
 * rejected write left the database exactly as it was.
 */
export function dumpDatabase(db: CatalogueDatabase): Record<string, unknown[]> {
  const tables = db
    .prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
    .pluck()
    .all();
  return Object.fromEntries(
    tables.map((table) => [
      table,
      db.prepare(`SELECT rowid, * FROM "${table}" ORDER BY rowid`).all(),
    ]),
  );
}
