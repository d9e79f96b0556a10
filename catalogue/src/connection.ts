import Database from 'better-sqlite3';

/**
 * Opens a connection to a SQLite database and configures it the way the catalogue needs.
 *
 * SQLite ignores foreign keys unless each connection asks for them, so every connection
 * the catalogue opens goes through here.
 *
 * @param source - a file path, `':memory:'`, or the bytes of a serialized database
 * @param options - passed on to better-sqlite3
 * @returns the open connection, with foreign keys enforced
 */
export function openConnection(
  source: string | Buffer,
  options: Database.Options = {},
): Database.Database {
  const db = new Database(source, options);
  db.pragma('foreign_keys = ON');
  return db;
}
