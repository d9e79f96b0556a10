import { resetCatalogue } from '@hyperpipe/catalogue';
import Database from 'better-sqlite3';
import { writeForeignCatalogue } from '../../conference/test/contract/foreignCatalogue.ts';

/** A catalogue file the soak runs on. */
export interface SoakCatalogue {
  /** How the report names it. */
  readonly name: string;
  /** Writes a fresh catalogue of this kind at `path`. */
  write(path: string): void;
}

/**
 * Our schema, seeded, with foreign keys and `AUTOINCREMENT`; and a catalogue another tool
 * made, with our table names but no foreign keys (the test suite's fixture), where only the
 * API keeps the links between talks and speakers sound.
 */
export const SOAK_CATALOGUES: readonly SoakCatalogue[] = [
  { name: 'our schema', write: (path) => resetCatalogue(path) },
  { name: 'no foreign keys', write: (path) => void writeForeignCatalogue(path) },
];

/** The ids a catalogue holds, for the traffic to pick from. */
export interface CatalogueIds {
  speakers: number[];
  talks: number[];
}

export function readIds(path: string): CatalogueIds {
  const db = new Database(path, { readonly: true });
  try {
    const ids = (table: string) =>
      db.prepare(`SELECT id FROM ${table} ORDER BY id`).pluck().all() as number[];
    return { speakers: ids('speakers'), talks: ids('talks') };
  } finally {
    db.close();
  }
}

/** What the catalogue file looks like after the soak. */
export interface CatalogueHealth {
  /** `ok`, or the first problem `PRAGMA integrity_check` found. */
  integrity: string;
  /** Links whose talk or speaker no longer exists. */
  orphans: number;
  speakers: number;
  talks: number;
  links: number;
}

export function checkCatalogue(path: string): CatalogueHealth {
  const db = new Database(path, { readonly: true });
  try {
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    return {
      integrity: db.prepare('PRAGMA integrity_check').pluck().get() as string,
      orphans: count(
        `SELECT count(*) FROM talks_speakers
         WHERE talk_id NOT IN (SELECT id FROM talks) OR speaker_id NOT IN (SELECT id FROM speakers)`,
      ),
      speakers: count('SELECT count(*) FROM speakers'),
      talks: count('SELECT count(*) FROM talks'),
      links: count('SELECT count(*) FROM talks_speakers'),
    };
  } finally {
    db.close();
  }
}
