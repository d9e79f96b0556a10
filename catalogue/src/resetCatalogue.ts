import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { seededCatalogueImage } from './seedImage.ts';

// Files SQLite keeps next to a database while it is in use. A leftover write-ahead log
// would be replayed into the new database, so they must go with the old one.
const COMPANION_SUFFIXES = ['-wal', '-shm', '-journal'];

/**
 * Replaces the database file at `path` with a freshly seeded catalogue, creating the
 * parent folder if needed.
 *
 * The new file is written next to the old one and renamed into place, so the path holds
 * either the old database or the complete new one, never half a file. Close every
 * connection to the old database first.
 */
export function resetCatalogue(path: string): void {
  const temporaryPath = `${path}.tmp`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(temporaryPath, seededCatalogueImage());
  for (const suffix of COMPANION_SUFFIXES) rmSync(path + suffix, { force: true });
  renameSync(temporaryPath, path);
}
