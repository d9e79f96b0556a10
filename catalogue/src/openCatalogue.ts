import { existsSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { openConnection } from './connection.ts';
import { createInMemoryCatalogue } from './inMemoryCatalogue.ts';
import { resetCatalogue } from './resetCatalogue.ts';

/** Options for {@link openCatalogue}. */
export interface OpenCatalogueOptions {
  /**
   * Whether to create and seed the database when the file does not exist (default `true`).
   * When `false`, a missing file is an error.
   */
  create?: boolean;
}

/**
 * Opens the catalogue database at `path`, with foreign keys enforced.
 *
 * A missing file is created and seeded; an existing file is used as it is, seeded or not,
 * so an empty database simply yields empty lists.
 *
 * @param path - the database file, or `':memory:'` for a private seeded copy in memory
 * @throws Error when the file does not exist and `create` is `false`
 */
export function openCatalogue(
  path: string,
  { create = true }: OpenCatalogueOptions = {},
): Database.Database {
  // ':memory:' is no file name, so it must not be created on disk.
  if (path === ':memory:') return createInMemoryCatalogue();
  if (!existsSync(path)) {
    if (!create) throw new Error(`No catalogue database at ${path}`);
    resetCatalogue(path);
  }
  return openConnection(path);
}
