import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConnection } from '../src/connection.ts';
import { applySchema, type CatalogueDatabase, createInMemoryCatalogue } from '../src/index.ts';

let db: CatalogueDatabase;
beforeEach(() => {
  db = createInMemoryCatalogue();
});
afterEach(() => db.close());

const linkCount = (where: string, id: number) =>
  db
    .prepare<[number], number>(`SELECT count(*) FROM talks_speakers WHERE ${where} = ?`)
    .pluck()
    .get(id);

describe('the catalogue schema', () => {
  it('has exactly the agreed tables and columns', () => {
    const columns = (table: string) =>
      db
        .prepare<[string], { name: string; type: string; notnull: number; pk: number }>(
          'SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY cid',
        )
        .all(table);
    expect(columns('speakers')).toEqual([
      { name: 'id', type: 'INTEGER', notnull: 0, pk: 1 },
      { name: 'name', type: 'VARCHAR(80)', notnull: 1, pk: 0 },
      { name: 'url', type: 'VARCHAR(255)', notnull: 0, pk: 0 },
      { name: 'twitter', type: 'VARCHAR(80)', notnull: 0, pk: 0 },
    ]);
    expect(columns('talks')).toEqual([
      { name: 'id', type: 'INTEGER', notnull: 0, pk: 1 },
      { name: 'title', type: 'TEXT', notnull: 0, pk: 0 },
      { name: 'abstract', type: 'TEXT', notnull: 0, pk: 0 },
      { name: 'day', type: 'TEXT', notnull: 0, pk: 0 },
      { name: 'start_time', type: 'TEXT', notnull: 0, pk: 0 },
    ]);
    expect(columns('talks_speakers')).toEqual([
      { name: 'talk_id', type: 'INTEGER', notnull: 1, pk: 1 },
      { name: 'speaker_id', type: 'INTEGER', notnull: 1, pk: 2 },
    ]);
  });

  it('enforces foreign keys on the connection', () => {
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('rejects linking the same speaker to the same talk twice', () => {
    expect(() =>
      db
        .prepare(
          'INSERT INTO talks_speakers (talk_id, speaker_id) SELECT talk_id, speaker_id FROM talks_speakers LIMIT 1',
        )
        .run(),
    ).toThrow(expect.objectContaining({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' }));
  });

  it('rejects links to a talk or speaker that does not exist', () => {
    const link = db.prepare('INSERT INTO talks_speakers (talk_id, speaker_id) VALUES (?, ?)');
    const foreignKeyError = expect.objectContaining({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    expect(() => link.run(1, 9999)).toThrow(foreignKeyError);
    expect(() => link.run(9999, 1)).toThrow(foreignKeyError);
  });

  it('deletes a speaker’s links with the speaker, and leaves the talks', () => {
    expect(linkCount('speaker_id', 1)).toBeGreaterThan(0);
    const talks = db.prepare('SELECT count(*) FROM talks').pluck();
    const talksBefore = talks.get();
    db.prepare('DELETE FROM speakers WHERE id = 1').run();
    expect(linkCount('speaker_id', 1)).toBe(0);
    expect(talks.get()).toBe(talksBefore);
  });

  it('deletes a talk’s links with the talk, and leaves the speakers', () => {
    expect(linkCount('talk_id', 1)).toBeGreaterThan(0);
    const speakers = db.prepare('SELECT count(*) FROM speakers').pluck();
    const speakersBefore = speakers.get();
    db.prepare('DELETE FROM talks WHERE id = 1').run();
    expect(linkCount('talk_id', 1)).toBe(0);
    expect(speakers.get()).toBe(speakersBefore);
  });

  it('looks up the talks of a speaker through an index', () => {
    const plan = db
      .prepare<[], { detail: string }>(
        'EXPLAIN QUERY PLAN SELECT talk_id FROM talks_speakers WHERE speaker_id = 1',
      )
      .all()
      .map((row) => row.detail)
      .join('\n');
    expect(plan).toMatch(/USING COVERING INDEX talks_speakers_by_speaker/);
  });

  it('refuses to be applied twice', () => {
    const empty = openConnection(':memory:');
    applySchema(empty);
    expect(() => applySchema(empty)).toThrow(/already exists/);
    empty.close();
  });
});
