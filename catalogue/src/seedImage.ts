import { openConnection } from './connection.ts';
import { applySchema } from './schema.ts';
import { generateConferenceSeed } from './seed/conferenceSeed.ts';
import { insertSeed } from './seed/insertSeed.ts';

let cachedImage: Buffer | undefined;

/**
 * Returns the bytes of a freshly seeded catalogue database, exactly as SQLite would store
 * them in a file.
 *
 * Generating and inserting the seed takes a few milliseconds; copying these bytes takes
 * microseconds, so the work is done once per process and every in-memory catalogue or
 * reset file starts from a copy. Callers must not modify the returned buffer.
 */
export function seededCatalogueImage(): Buffer {
  cachedImage ??= buildImage();
  return cachedImage;
}

function buildImage(): Buffer {
  const db = openConnection(':memory:');
  try {
    applySchema(db);
    insertSeed(db, generateConferenceSeed());
    return db.serialize();
  } finally {
    db.close();
  }
}
