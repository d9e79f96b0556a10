import type Database from 'better-sqlite3';
import { changedValue } from './changedValue.ts';
import { missingSpeakerIds } from './existingSpeakerIds.ts';
import type { Page, PageRequest } from './page.ts';
import { type PagedTable, pagedTable } from './pagedTable.ts';
import type { Talk, TalkInput, TalkPatch } from './talk.ts';
import { UnknownSpeakerError } from './UnknownSpeakerError.ts';

const COLUMNS = 'id, title, abstract, day, start_time';

// The named parameters of the INSERT and UPDATE statements.
interface TalkRow {
  title: string | null;
  abstract: string | null;
  day: string | null;
  start_time: string | null;
}

/**
 * Reads and writes talks and their links to speakers. Every statement is parameterised and
 * prepared once; every write that touches more than one row runs in a transaction.
 *
 * Write transactions are `immediate`: they take SQLite's write lock before their first read,
 * so no other connection can change the rows between a check and the write that relies on it.
 */
export class TalkRepository {
  readonly #db: Database.Database;
  readonly #table: PagedTable<Talk>;
  readonly #statements: ReturnType<typeof prepareStatements>;

  /** @param db - a connection to a database with the catalogue schema */
  constructor(db: Database.Database) {
    this.#db = db;
    this.#table = pagedTable(db, 'talks', COLUMNS);
    this.#statements = prepareStatements(db);
  }

  /**
   * Returns one page of talks ordered by id, and how many talks there are in all.
   *
   * @throws RangeError when the offset or limit is not a non-negative integer
   */
  list(request: PageRequest): Page<Talk> {
    return this.#table.page(request);
  }

  /** Returns the talk with this id, or `undefined` if there is none. */
  fetch(id: number): Talk | undefined {
    return this.#table.byId(id);
  }

  /**
   * Returns the talks of a speaker in programme order (day, start time, then id; unscheduled
   * talks last); empty if the speaker has none or is missing.
   */
  talksOf(speakerId: number): Talk[] {
    return this.#statements.ofSpeaker.all(speakerId);
  }

  /**
   * The ids of each of these speakers' talks, in programme order as {@link talksOf} gives
   * them, in one query (a page of speakers must not run one more query per speaker): what a
   * speaker's `talks` links are made of. An empty list for a speaker with none, or missing.
   */
  talkIdsOf(speakerIds: readonly number[]): Map<number, number[]> {
    const ids = new Map<number, number[]>(speakerIds.map((id) => [id, []]));
    for (const row of this.#statements.idsOf.all(JSON.stringify(speakerIds))) {
      ids.get(row.speaker_id)?.push(row.talk_id);
    }
    return ids;
  }

  /**
   * How many talks each of these speakers has, in one query (a page of speakers must not run
   * one more query per speaker); 0 for a speaker with none, or missing.
   */
  talkCounts(speakerIds: readonly number[]): Map<number, number> {
    const counts = new Map(speakerIds.map((id) => [id, 0]));
    for (const row of this.#statements.countsOf.all(JSON.stringify(speakerIds))) {
      counts.set(row.speaker_id, row.talks);
    }
    return counts;
  }

  /**
   * Stores a new talk, and links it to `input.speakerIds` if given, all or nothing.
   *
   * A catalogue file without AUTOINCREMENT reuses the id of a deleted last talk, and one
   * without foreign keys may still hold that talk's links: they are deleted, so the new talk
   * never inherits another's speakers.
   *
   * @returns the new talk with its id
   * @throws UnknownSpeakerError when a speaker id does not exist; nothing is written then
   */
  create(input: TalkInput): Talk {
    return this.#db
      .transaction(() => {
        // INSERT … RETURNING always yields the inserted row.
        const talk = this.#statements.insert.get(toRow(input)) as Talk;
        this.#replaceSpeakers(talk.id, input.speakerIds ?? []);
        return talk;
      })
      .immediate();
  }

  /**
   * Replaces every field of a talk (omitted fields become NULL) and, if `input.speakerIds`
   * is given, its speakers too, all or nothing.
   *
   * @returns the updated talk, or `undefined` if there is none with this id
   * @throws UnknownSpeakerError when a speaker id does not exist; nothing is written then
   */
  update(id: number, input: TalkInput): Talk | undefined {
    return this.#db
      .transaction(() => {
        const talk = this.#statements.update.get({ id, ...toRow(input) });
        if (talk !== undefined && input.speakerIds !== undefined) {
          this.#replaceSpeakers(id, input.speakerIds);
        }
        return talk;
      })
      .immediate();
  }

  /**
   * Changes only the fields present in `changes`, and the speakers if `changes.speakerIds`
   * is given, all or nothing.
   *
   * @returns the updated talk, or `undefined` if there is none with this id
   * @throws UnknownSpeakerError when a speaker id does not exist; nothing is written then
   */
  patch(id: number, changes: TalkPatch): Talk | undefined {
    return this.#db
      .transaction(() => {
        const current = this.fetch(id);
        if (current === undefined) return undefined;
        const merged: TalkInput = {
          title: changedValue(changes.title, current.title),
          abstract: changedValue(changes.abstract, current.abstract),
          day: changedValue(changes.day, current.day),
          start_time: changedValue(changes.start_time, current.start_time),
        };
        if (changes.speakerIds !== undefined) merged.speakerIds = changes.speakerIds;
        return this.update(id, merged);
      })
      .immediate();
  }

  /**
   * Deletes a talk and its links to speakers, all or nothing. Our schema would delete the
   * links by itself; a catalogue file without foreign keys would keep them.
   *
   * @returns whether there was a talk to delete
   */
  delete(id: number): boolean {
    return this.#db
      .transaction(() => {
        this.#statements.unlinkAll.run(id);
        return this.#statements.delete.run(id).changes > 0;
      })
      .immediate();
  }

  // Must run inside a transaction: the check and the writes belong together.
  #replaceSpeakers(talkId: number, speakerIds: readonly number[]): void {
    const missing = missingSpeakerIds(this.#db, speakerIds);
    if (missing.length > 0) throw new UnknownSpeakerError(missing);
    this.#statements.unlinkAll.run(talkId);
    for (const speakerId of new Set(speakerIds)) {
      this.#statements.link.run(talkId, speakerId);
    }
  }
}

// Copies only the known fields, so that stray properties of the input never reach SQL.
function toRow(input: TalkInput): TalkRow {
  return {
    title: input.title ?? null,
    abstract: input.abstract ?? null,
    day: input.day ?? null,
    start_time: input.start_time ?? null,
  };
}

// A `+` before a parameter keeps SQLite from preparing the statement again at every run;
// see pagedTable.ts.
function prepareStatements(db: Database.Database) {
  return {
    ofSpeaker: db.prepare<[number], Talk>(
      `SELECT t.id, t.title, t.abstract, t.day, t.start_time
       FROM talks AS t
       JOIN talks_speakers AS ts ON ts.talk_id = t.id
       WHERE ts.speaker_id = +?
       ORDER BY t.day NULLS LAST, t.start_time NULLS LAST, t.id`,
    ),
    // Both join the talks: a catalogue file without foreign keys may keep links to talks that
    // are gone, and a count or a link must agree with the talks that talksOf embeds.
    countsOf: db.prepare<[string], { speaker_id: number; talks: number }>(
      `SELECT ts.speaker_id, count(*) AS talks
       FROM talks_speakers AS ts
       JOIN talks AS t ON t.id = ts.talk_id
       WHERE ts.speaker_id IN (SELECT value FROM json_each(?))
       GROUP BY ts.speaker_id`,
    ),
    idsOf: db.prepare<[string], { speaker_id: number; talk_id: number }>(
      `SELECT ts.speaker_id, t.id AS talk_id
       FROM talks_speakers AS ts
       JOIN talks AS t ON t.id = ts.talk_id
       WHERE ts.speaker_id IN (SELECT value FROM json_each(?))
       ORDER BY ts.speaker_id, t.day NULLS LAST, t.start_time NULLS LAST, t.id`,
    ),
    insert: db.prepare<TalkRow, Talk>(
      `INSERT INTO talks (title, abstract, day, start_time)
       VALUES (@title, @abstract, @day, @start_time)
       RETURNING ${COLUMNS}`,
    ),
    update: db.prepare<TalkRow & { id: number }, Talk>(
      `UPDATE talks
       SET title = @title, abstract = @abstract, day = @day, start_time = @start_time
       WHERE id = @id
       RETURNING ${COLUMNS}`,
    ),
    delete: db.prepare<[number]>('DELETE FROM talks WHERE id = ?'),
    unlinkAll: db.prepare<[number]>('DELETE FROM talks_speakers WHERE talk_id = ?'),
    link: db.prepare<[number, number]>(
      'INSERT INTO talks_speakers (talk_id, speaker_id) VALUES (?, ?)',
    ),
  };
}
