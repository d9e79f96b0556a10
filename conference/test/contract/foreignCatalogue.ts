import Database from 'better-sqlite3';

/** The ids of a catalogue written by {@link writeForeignCatalogue}, ascending. */
export interface ForeignIds {
  speakers: number[];
  talks: number[];
}

export const FOREIGN = { speakers: 73, talks: 128, firstSpeakerId: 1001, firstTalkId: 5001 };

const DAYS = ['2026-10-05', '2026-10-06', '2026-10-07', '2026-10-08'];
const TIMES = ['09:00', '10:30', '13:00', '14:30', '16:00'];

/**
 * Writes a catalogue that is not ours: the catalogue's table and column names, but its own
 * rows (73 speakers from id 1001, 128 talks from id 5001), no foreign keys and no indexes,
 * as a catalogue made by another tool might be. An API that assumes our seed's sizes or ids
 * starting at 1 answers it differently from one that reads what is there.
 */
export function writeForeignCatalogue(path: string): ForeignIds {
  const db = new Database(path);
  try {
    db.exec(`
      CREATE TABLE speakers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, url TEXT, twitter TEXT);
      CREATE TABLE talks (id INTEGER PRIMARY KEY, title TEXT, abstract TEXT, day TEXT, start_time TEXT);
      CREATE TABLE talks_speakers (talk_id INTEGER NOT NULL, speaker_id INTEGER NOT NULL);
    `);
    const speaker = db.prepare('INSERT INTO speakers (id, name, url, twitter) VALUES (?, ?, ?, ?)');
    const talk = db.prepare(
      'INSERT INTO talks (id, title, abstract, day, start_time) VALUES (?, ?, ?, ?, ?)',
    );
    const link = db.prepare('INSERT INTO talks_speakers (talk_id, speaker_id) VALUES (?, ?)');
    const ids: ForeignIds = { speakers: [], talks: [] };
    db.transaction(() => {
      for (let n = 0; n < FOREIGN.speakers; n++) {
        const id = FOREIGN.firstSpeakerId + n;
        // Some speakers have no site, some no handle, some a handle without its @.
        const url = n % 4 === 3 ? null : `https://speaker-${id}.example.org/`;
        const twitter = n % 3 === 2 ? null : n % 3 === 1 ? `speaker${id}` : `@speaker${id}`;
        speaker.run(id, `Speaker ${id}`, url, twitter);
        ids.speakers.push(id);
      }
      for (let n = 0; n < FOREIGN.talks; n++) {
        const id = FOREIGN.firstTalkId + n;
        talk.run(
          id,
          `Talk ${id}`,
          `The abstract of talk ${id}.`,
          DAYS[n % DAYS.length],
          TIMES[n % TIMES.length],
        );
        link.run(id, FOREIGN.firstSpeakerId + (n % FOREIGN.speakers));
        // Every fifth talk has a second speaker.
        if (n % 5 === 0) link.run(id, FOREIGN.firstSpeakerId + ((n + 7) % FOREIGN.speakers));
        ids.talks.push(id);
      }
    })();
    return ids;
  } finally {
    db.close();
  }
}
