import type Database from 'better-sqlite3';
import type { ConferenceSeed } from './conferenceSeed.ts';

/**
 * Inserts a conference's rows into empty catalogue tables, all or nothing.
 */
export function insertSeed(db: Database.Database, seed: ConferenceSeed): void {
  const insertSpeaker = db.prepare(
    'INSERT INTO speakers (id, name, url, twitter) VALUES (@id, @name, @url, @twitter)',
  );
  const insertTalk = db.prepare(
    'INSERT INTO talks (id, title, abstract, day, start_time) ' +
      'VALUES (@id, @title, @abstract, @day, @start_time)',
  );
  const insertLink = db.prepare(
    'INSERT INTO talks_speakers (talk_id, speaker_id) VALUES (@talk_id, @speaker_id)',
  );
  db.transaction(() => {
    for (const speaker of seed.speakers) insertSpeaker.run(speaker);
    for (const talk of seed.talks) insertTalk.run(talk);
    for (const link of seed.links) insertLink.run(link);
  })();
}
