import type Database from 'better-sqlite3';

/**
 * An open connection to a catalogue database (a better-sqlite3 `Database`), exported so that
 * packages using the catalogue need not depend on better-sqlite3's types themselves.
 */
export type CatalogueDatabase = Database.Database;
