import { readFileSync } from 'node:fs';
import type Database from 'better-sqlite3';

/**
 * The SQL that creates the catalogue's tables and index, read from `schema.sql`.
 *
 * The SQL lives in its own file so that it can also be fed to the `sqlite3` shell.
 */
export const SCHEMA_SQL: string = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');

/**
 * Creates the catalogue's tables in an empty database.
 *
 * It fails if the tables already exist: applying a schema twice is a mistake we want to hear about.
 */
export function applySchema(db: Database.Database): void {
  db.exec(SCHEMA_SQL);
}
