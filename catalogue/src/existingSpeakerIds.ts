import type Database from 'better-sqlite3';

/**
 * Returns which of the given ids belong to a speaker, in ascending order, so that
 * validation can report unknown speakers before attempting a write.
 *
 * @param ids - candidate speaker ids; repeats and non-integers are harmless
 */
export function existingSpeakerIds(db: Database.Database, ids: readonly number[]): number[] {
  // The ids travel as one JSON parameter, which json_each unpacks into rows; that keeps
  // the SQL fixed however many ids there are.
  const rows = db
    .prepare<[string], { id: number }>(
      'SELECT id FROM speakers WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id',
    )
    .all(JSON.stringify(ids));
  return rows.map((row) => row.id);
}

/**
 * Returns which of the given ids belong to no speaker, without repeats, in the order given.
 */
export function missingSpeakerIds(db: Database.Database, ids: readonly number[]): number[] {
  const existing = new Set(existingSpeakerIds(db, ids));
  return [...new Set(ids)].filter((id) => !existing.has(id));
}
