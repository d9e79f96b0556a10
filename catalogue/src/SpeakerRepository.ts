import type Database from 'better-sqlite3';
import { changedValue } from './changedValue.ts';
import type { Page, PageRequest } from './page.ts';
import { type PagedTable, pagedTable } from './pagedTable.ts';
import type { Speaker, SpeakerInput, SpeakerPatch } from './speaker.ts';

const COLUMNS = 'id, name, url, twitter';

// The named parameters of the INSERT and UPDATE statements.
interface SpeakerRow {
  name: string;
  url: string | null;
  twitter: string | null;
}

/**
 * Reads and writes speakers. Every statement is parameterised and prepared once, when the
 * repository is created.
 *
 * `patch` reads before it writes, so it runs in an `immediate` transaction, which takes
 * SQLite's write lock first: no other connection can change the speaker in between.
 */
export class SpeakerRepository {
  readonly #db: Database.Database;
  readonly #table: PagedTable<Speaker>;
  readonly #statements: ReturnType<typeof prepareStatements>;

  /** @param db - a connection to a database with the catalogue schema */
  constructor(db: Database.Database) {
    this.#db = db;
    this.#table = pagedTable(db, 'speakers', COLUMNS);
    this.#statements = prepareStatements(db);
  }

  /**
   * Returns one page of speakers ordered by id, and how many speakers there are in all.
   *
   * @throws RangeError when the offset or limit is not a non-negative integer
   */
  list(request: PageRequest): Page<Speaker> {
    return this.#table.page(request);
  }

  /** Returns the speaker with this id, or `undefined` if there is none. */
  fetch(id: number): Speaker | undefined {
    return this.#table.byId(id);
  }

  /** Returns the speakers of a talk, ordered by id; empty if the talk has none or is missing. */
  speakersOf(talkId: number): Speaker[] {
    return this.#statements.ofTalk.all(talkId);
  }

  /**
   * The ids of each of these talks' speakers, ordered by id as {@link speakersOf} gives them,
   * in one query (a page of talks must not run one more query per talk): what a talk's
   * `speakers` links are made of. An empty list for a talk with none, or missing.
   */
  speakerIdsOf(talkIds: readonly number[]): Map<number, number[]> {
    const ids = new Map<number, number[]>(talkIds.map((id) => [id, []]));
    for (const row of this.#statements.idsOf.all(JSON.stringify(talkIds))) {
      ids.get(row.talk_id)?.push(row.speaker_id);
    }
    return ids;
  }

  /**
   * Stores a new speaker and returns it with its id.
   *
   * A catalogue file without AUTOINCREMENT reuses the id of a deleted last speaker, and one
   * without foreign keys may still hold that speaker's links: they are deleted, so the new
   * speaker never inherits another's talks.
   */
  create(input: SpeakerInput): Speaker {
    return this.#db
      .transaction(() => {
        // INSERT … RETURNING always yields the inserted row.
        const speaker = this.#statements.insert.get(toRow(input)) as Speaker;
        this.#statements.unlink.run(speaker.id);
        return speaker;
      })
      .immediate();
  }

  /**
   * Replaces every field of a speaker; omitted optional fields become NULL.
   *
   * @returns the updated speaker, or `undefined` if there is none with this id
   */
  update(id: number, input: SpeakerInput): Speaker | undefined {
    return this.#statements.update.get({ id, ...toRow(input) });
  }

  /**
   * Changes only the fields present in `changes`.
   *
   * @returns the updated speaker, or `undefined` if there is none with this id
   */
  patch(id: number, changes: SpeakerPatch): Speaker | undefined {
    return this.#db
      .transaction(() => {
        const current = this.fetch(id);
        if (current === undefined) return undefined;
        return this.update(id, {
          name: changedValue(changes.name, current.name),
          url: changedValue(changes.url, current.url),
          twitter: changedValue(changes.twitter, current.twitter),
        });
      })
      .immediate();
  }

  /**
   * Deletes a speaker and their links to talks, all or nothing. Our schema would delete the
   * links by itself; a catalogue file without foreign keys would keep them.
   *
   * @returns whether there was a speaker to delete
   */
  delete(id: number): boolean {
    return this.#db
      .transaction(() => {
        this.#statements.unlink.run(id);
        return this.#statements.delete.run(id).changes > 0;
      })
      .immediate();
  }
}

// Copies only the known fields, so that stray properties of the input never reach SQL.
function toRow(input: SpeakerInput): SpeakerRow {
  return { name: input.name, url: input.url ?? null, twitter: input.twitter ?? null };
}

// A `+` before a parameter keeps SQLite from preparing the statement again at every run;
// see pagedTable.ts.
function prepareStatements(db: Database.Database) {
  return {
    ofTalk: db.prepare<[number], Speaker>(
      `SELECT s.id, s.name, s.url, s.twitter
       FROM speakers AS s
       JOIN talks_speakers AS ts ON ts.speaker_id = s.id
       WHERE ts.talk_id = +?
       ORDER BY s.id`,
    ),
    // Joins the speakers: a catalogue file without foreign keys may keep links to speakers
    // that are gone, and a link must lead to a speaker that speakersOf would embed.
    idsOf: db.prepare<[string], { talk_id: number; speaker_id: number }>(
      `SELECT ts.talk_id, s.id AS speaker_id
       FROM talks_speakers AS ts
       JOIN speakers AS s ON s.id = ts.speaker_id
       WHERE ts.talk_id IN (SELECT value FROM json_each(?))
       ORDER BY ts.talk_id, s.id`,
    ),
    insert: db.prepare<SpeakerRow, Speaker>(
      `INSERT INTO speakers (name, url, twitter) VALUES (@name, @url, @twitter)
       RETURNING ${COLUMNS}`,
    ),
    update: db.prepare<SpeakerRow & { id: number }, Speaker>(
      `UPDATE speakers SET name = @name, url = @url, twitter = @twitter WHERE id = @id
       RETURNING ${COLUMNS}`,
    ),
    delete: db.prepare<[number]>('DELETE FROM speakers WHERE id = ?'),
    unlink: db.prepare<[number]>('DELETE FROM talks_speakers WHERE speaker_id = ?'),
  };
}
