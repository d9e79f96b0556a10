import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CatalogueDatabase,
  createInMemoryCatalogue,
  SpeakerRepository,
  TalkRepository,
} from '../src/index.ts';

// A catalogue file made by another tool: our table names, no foreign keys, no AUTOINCREMENT,
// and a link left behind by an earlier delete. SQLite gives a new row the highest id + 1,
// so the next speaker and the next talk get the ids those stale links point at.
function foreignCatalogue(): CatalogueDatabase {
  const db = new Database(':memory:');
  db.exec(`
    CREATE TABLE speakers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, url TEXT, twitter TEXT);
    CREATE TABLE talks (id INTEGER PRIMARY KEY, title TEXT, abstract TEXT, day TEXT, start_time TEXT);
    CREATE TABLE talks_speakers (talk_id INTEGER NOT NULL, speaker_id INTEGER NOT NULL);
    INSERT INTO speakers (id, name) VALUES (1, 'Ada'), (2, 'Grace');
    INSERT INTO talks (id, title) VALUES (10, 'Engines'), (11, 'Compilers');
    INSERT INTO talks_speakers VALUES (10, 1), (11, 2), (10, 2), (11, 3), (12, 1);
  `);
  return db;
}

const linkCount = (db: CatalogueDatabase, column: 'talk_id' | 'speaker_id', id: number) =>
  db.prepare(`SELECT count(*) FROM talks_speakers WHERE ${column} = ?`).pluck().get(id);

let db: CatalogueDatabase;
afterEach(() => db.close());

describe('on a catalogue without foreign keys', () => {
  it('deletes the links of a deleted speaker', () => {
    db = foreignCatalogue();
    expect(new SpeakerRepository(db).delete(2)).toBe(true);
    expect(linkCount(db, 'speaker_id', 2)).toBe(0);
    expect(linkCount(db, 'speaker_id', 1)).toBe(2);
  });

  it('deletes the links of a deleted talk', () => {
    db = foreignCatalogue();
    expect(new TalkRepository(db).delete(10)).toBe(true);
    expect(linkCount(db, 'talk_id', 10)).toBe(0);
    expect(linkCount(db, 'talk_id', 11)).toBe(2);
  });

  it('gives a new speaker none of the stale links of their id', () => {
    db = foreignCatalogue();
    const speaker = new SpeakerRepository(db).create({ name: 'Edsger' });
    expect(speaker.id).toBe(3);
    expect(new TalkRepository(db).talksOf(speaker.id)).toEqual([]);
  });

  it('links and counts only talks and speakers that exist, never a stale link', () => {
    db = foreignCatalogue();
    const talks = new TalkRepository(db);
    // Speaker 1 has a link to talk 12, which is gone; talk 11 one to speaker 3, also gone.
    expect(talks.talkIdsOf([1, 2])).toEqual(
      new Map([
        [1, [10]],
        [2, [10, 11]],
      ]),
    );
    expect(talks.talkCounts([1, 2])).toEqual(
      new Map([
        [1, 1],
        [2, 2],
      ]),
    );
    expect(new SpeakerRepository(db).speakerIdsOf([10, 11])).toEqual(
      new Map([
        [10, [1, 2]],
        [11, [2]],
      ]),
    );
  });

  it('gives a new talk none of the stale links of its id, with or without speakers', () => {
    db = foreignCatalogue();
    const talks = new TalkRepository(db);
    const bare = talks.create({ title: 'Loops' });
    expect(bare.id).toBe(12);
    expect(new SpeakerRepository(db).speakersOf(bare.id)).toEqual([]);
    db.exec('INSERT INTO talks_speakers VALUES (13, 1)');
    const linked = talks.create({ title: 'Types', speakerIds: [2] });
    expect(new SpeakerRepository(db).speakersOf(linked.id).map(({ id }) => id)).toEqual([2]);
  });
});

describe('on our schema', () => {
  it('never gives a new speaker or talk the id of a deleted one', () => {
    db = createInMemoryCatalogue();
    const speakers = new SpeakerRepository(db);
    const talks = new TalkRepository(db);
    const lastSpeaker = speakers.create({ name: 'Last' });
    const lastTalk = talks.create({ title: 'Last' });
    speakers.delete(lastSpeaker.id);
    talks.delete(lastTalk.id);
    expect(speakers.create({ name: 'Next' }).id).toBe(lastSpeaker.id + 1);
    expect(talks.create({ title: 'Next' }).id).toBe(lastTalk.id + 1);
  });
});
