import { SpeakerRepository, TalkRepository } from '@hyperpipe/catalogue';
import type Database from 'better-sqlite3';

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
