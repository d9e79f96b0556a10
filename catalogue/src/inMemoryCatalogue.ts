import type Database from 'better-sqlite3';
import { openConnection } from './connection.ts';
import { seededCatalogueImage } from './seedImage.ts';

/**
 * Opens a private, freshly seeded catalogue that lives only in memory.
 *
 * Each call returns an independent copy, so tests can change it freely; it disappears
 * when closed or when the process ends.
 */
export function createInMemoryCatalogue(): Database.Database {
  return openConnection(seededCatalogueImage());
}
