/**
 * Recreates the catalogue database from the schema and the seed.
 *
 * Usage: `tsx catalogue/scripts/resetDatabase.ts [path]`. Without a path it resets the
 * database at `defaultCataloguePath()`: `$CONFERENCE_DB`, or `data/conference.sqlite`.
 *
 * @module
 */
import { resolve } from 'node:path';
import { defaultCataloguePath, openCatalogue, resetCatalogue } from '../src/index.ts';

const path = resolve(process.argv[2] ?? defaultCataloguePath());
resetCatalogue(path);

// Count what actually landed in the file rather than what we meant to write.
const db = openCatalogue(path, { create: false });
const count = (table: string) =>
  db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get();
const summary = `${count('speakers')} speakers, ${count('talks')} talks, ${count('talks_speakers')} links`;
db.close();

console.log(`Reset the conference catalogue at ${path}: ${summary}.`);
