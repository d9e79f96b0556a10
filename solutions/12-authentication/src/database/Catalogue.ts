import { openCatalogue, SpeakerRepository, TalkRepository } from '@hyperpipe/catalogue';
import type Database from 'better-sqlite3';

/**
 * Opens the catalogue file and checks that it is one, closing it and throwing if not.
 *
 * SQLite opens any file without complaint and reads it only at the first statement. Were a
 * garbage file or one without the tables opened unchecked, the container would keep that
 * connection as the shared `Database`, and the {@link Catalogue} would fail on it forever,
 * even after the file is repaired. A factory that throws leaves nothing behind, so the next
 * request opens the file again.
 *
 * @param path - the database file; a missing one is created and seeded
 */
export function openCheckedCatalogue(path: string): Database.Database {
  const database = openCatalogue(path);
  try {
    // Compiling the statement reads the file's header and needs every table of the catalogue.
    database.prepare('SELECT 1 FROM speakers, talks, talks_speakers LIMIT 0');
    return database;
  } catch (error) {
    database.close();
    throw error;
  }
}

/**
 * The catalogue as the API uses it: the database and its repositories, opened on first
 * use. Opening late keeps a broken or missing file from stopping the server: the time
 * zone service still answers, catalogue requests get a 500 problem and the log says why,
 * and the next request tries again.
 */
export class Catalogue {
  readonly #open: () => Database.Database;
  readonly #description: string;
  #repositories: { speakers: SpeakerRepository; talks: TalkRepository } | undefined;

  /**
   * Creates the catalogue.
   *
   * @param open - opens the database
   * @param description - where the database is, for error messages
   */
  constructor(open: () => Database.Database, description: string) {
    this.#open = open;
    this.#description = description;
  }

  /** The speakers. */
  get speakers(): SpeakerRepository {
    return this.open().speakers;
  }

  /** The talks. */
  get talks(): TalkRepository {
    return this.open().talks;
  }

  /** Opens the database now, if it is not open yet. */
  open(): { speakers: SpeakerRepository; talks: TalkRepository } {
    if (this.#repositories) return this.#repositories;
    try {
      const database = this.#open();
      this.#repositories = {
        speakers: new SpeakerRepository(database),
        talks: new TalkRepository(database),
      };
      return this.#repositories;
    } catch (cause) {
      throw new Error(
        `Cannot open the conference catalogue at ${this.#description}: ${(cause as Error).message}`,
        {
          cause,
        },
      );
    }
  }
}
