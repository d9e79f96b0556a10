import { accessSync, constants } from 'node:fs';
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
 * Whether SQLite opened this file connection read-only although it was asked to write: it
 * does so, silently, when the file cannot be opened for writing (its permissions, a read-only
 * mount, an immutable file), and the connection stays read-only for good.
 */
function cannotWrite(database: Database.Database): boolean {
  if (database.readonly || database.memory) return false;
  try {
    accessSync(database.name, constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

/**
 * The catalogue as the API uses it: the database and its repositories, opened on first
 * use. Opening late keeps a broken or missing file from stopping the server: the time
 * zone service still answers, catalogue requests get a 500 problem and the log says why,
 * and the next request tries again.
 *
 * A file opened while it could not be written gives a read-only connection, whose writes
 * answer 503 (see storageFailureProblem). Once the file can be written again, the next
 * request opens it anew, so the catalogue recovers when its permissions are fixed, without
 * a restart.
 */
export class Catalogue {
  readonly #open: () => Database.Database;
  readonly #description: string;
  #repositories: { speakers: SpeakerRepository; talks: TalkRepository } | undefined;
  /** The connection SQLite opened read-only although writes were asked for, if it did. */
  #readOnlyConnection: Database.Database | undefined;

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

  /** Opens the database now, if it is not open yet, or anew once a read-only file is writable. */
  open(): { speakers: SpeakerRepository; talks: TalkRepository } {
    if (this.#repositories && !this.#writableAgain()) return this.#repositories;
    try {
      const database = this.#readOnlyConnection
        ? openCheckedCatalogue(this.#readOnlyConnection.name)
        : this.#open();
      // Nothing else uses the read-only connection: this catalogue has replaced it.
      this.#readOnlyConnection?.close();
      this.#readOnlyConnection = cannotWrite(database) ? database : undefined;
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

  // One access(2) per use, and only while the connection is read-only by accident.
  #writableAgain(): boolean {
    return this.#readOnlyConnection !== undefined && !cannotWrite(this.#readOnlyConnection);
  }
}
