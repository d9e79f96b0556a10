import Database from 'better-sqlite3';

/**
 * How long a statement waits for another connection's lock before failing with SQLITE_BUSY,
 * in milliseconds. better-sqlite3 waits synchronously, stopping the whole event loop, so a
 * long wait (its default is 5 s) would stall every request of the server, even those that
 * never touch the database. A short one still rides out another process's quick write.
 */
export const BUSY_TIMEOUT_MS = 100;

/**
 * Opens a connection to a SQLite database and configures it the way the catalogue needs.
 *
 * SQLite ignores foreign keys unless each connection asks for them, so every connection
 * the catalogue opens goes through here.
 *
 * @param source - a file path, `':memory:'`, or the bytes of a serialized database
 * @param options - passed on to better-sqlite3; `timeout` is {@link BUSY_TIMEOUT_MS} unless given
 * @returns the open connection, with foreign keys enforced
 */
export function openConnection(
  source: string | Buffer,
  options: Database.Options = {},
): Database.Database {
  const db = new Database(source, { timeout: BUSY_TIMEOUT_MS, ...options });
  db.pragma('foreign_keys = ON');
  return db;
}
