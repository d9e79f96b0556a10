import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import { safeEqual } from '../safeEqual.ts';
import {
  type OAuth2Client,
  type OAuth2ClientSecret,
  type StoredToken,
  sha256,
  TOKENS_PER_USER,
  type TokenStore,
  type TokenToSave,
  words,
} from './TokenStore.ts';

/** When a pair's last token expires: after it, the pair is of no use and may go. */
const LAST_EXPIRY = 'max(access_expires_at, coalesce(refresh_expires_at, 0))';

/** The expired pairs removed each time a token is issued: a bounded amount of work each time. */
const PURGE_BATCH = 100;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS oauth_clients (
  client_id TEXT PRIMARY KEY,
  secret_hash TEXT NOT NULL,
  grants TEXT NOT NULL,
  scopes TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS oauth_tokens (
  access_token_hash TEXT PRIMARY KEY,
  access_expires_at INTEGER NOT NULL,
  refresh_token_hash TEXT UNIQUE,
  refresh_expires_at INTEGER,
  client_id TEXT NOT NULL,
  user_name TEXT NOT NULL,
  scope TEXT
);
CREATE INDEX IF NOT EXISTS oauth_tokens_by_user ON oauth_tokens (client_id, user_name);
CREATE INDEX IF NOT EXISTS oauth_tokens_by_expiry ON oauth_tokens (${LAST_EXPIRY});`;

interface TokenRow {
  client_id: string;
  user_name: string;
  access_expires_at: number;
  refresh_expires_at: number | null;
  scope: string | null;
}

/**
 * The {@link TokenStore} of one machine: OAuth2 clients and tokens in an SQLite file, so
 * tokens survive a restart; hashed, as every token store keeps them. An expired token is
 * found (and refused by whoever asked) until its pair is purged.
 *
 * The file is opened on first use, so an application that never sees a token never opens it.
 *
 * @example
 * ```ts
 * const tokens = new SqliteTokenStore(':memory:', {
 *   workshop: {
 *     secret: 'workshop-secret',
 *     grants: ['password', 'refresh_token'],
 *     scopes: ['read'],
 *   },
 * });
 * await tokens.verifyClient('workshop', 'workshop-secret');
 * // { id: 'workshop', grants: [...], scopes: ['read'] }
 * ```
 *
 * @category Authentication
 */
export class SqliteTokenStore implements TokenStore {
  readonly #path: string;
  readonly #clients: Readonly<Record<string, OAuth2ClientSecret>>;
  #db: Database.Database | undefined;

  /**
   * Creates the store.
   *
   * @param path - the SQLite file, created when missing; `:memory:` for tests
   * @param clients - clients written to the database when it is opened, by `client_id`
   */
  constructor(path: string, clients: Readonly<Record<string, OAuth2ClientSecret>> = {}) {
    this.#path = path;
    this.#clients = clients;
  }

  async saveClient(
    id: string,
    secret: string,
    grants: readonly string[],
    scopes: readonly string[] = [],
  ): Promise<void> {
    this.#writeClient(this.#open(), id, secret, grants, scopes);
  }

  async verifyClient(id: string, secret: string): Promise<OAuth2Client | undefined> {
    const row = this.#open()
      .prepare('SELECT secret_hash, grants, scopes FROM oauth_clients WHERE client_id = ?')
      .get(id) as { secret_hash: string; grants: string; scopes: string } | undefined;
    if (row === undefined || !safeEqual(sha256(secret), row.secret_hash)) return undefined;
    return { id, grants: row.grants.split(' '), scopes: words(row.scopes) };
  }

  /**
   * Stores a token pair; revokes the oldest pairs of the same client and user beyond
   * `TOKENS_PER_USER` (10), and forgets up to a hundred pairs whose tokens have all
   * expired. Each step finds its rows through an index, so issuing a token costs the same
   * with a hundred thousand stored as with ten.
   */
  async save(token: TokenToSave): Promise<void> {
    const db = this.#open();
    // One transaction: one write to the log rather than three.
    db.transaction(() => {
      db.prepare(
        `DELETE FROM oauth_tokens WHERE rowid IN
           (SELECT rowid FROM oauth_tokens WHERE ${LAST_EXPIRY} < ? LIMIT ${PURGE_BATCH})`,
      ).run(Date.now());
      db.prepare(
        `INSERT INTO oauth_tokens (access_token_hash, access_expires_at, refresh_token_hash,
           refresh_expires_at, client_id, user_name, scope) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        sha256(token.accessToken),
        token.accessTokenExpiresAt.getTime(),
        token.refreshToken === undefined ? null : sha256(token.refreshToken),
        token.refreshTokenExpiresAt?.getTime() ?? null,
        token.clientId,
        token.userName,
        token.scope?.join(' ') ?? null,
      );
      // Rows are numbered in the order they were written: the newest have the highest rowid.
      db.prepare(
        `DELETE FROM oauth_tokens WHERE rowid IN
           (SELECT rowid FROM oauth_tokens WHERE client_id = ? AND user_name = ?
              ORDER BY rowid DESC LIMIT -1 OFFSET ${TOKENS_PER_USER})`,
      ).run(token.clientId, token.userName);
    })();
  }

  /** The token pair of an access token, expired or not. */
  async findAccessToken(accessToken: string): Promise<StoredToken | undefined> {
    return this.#find('access_token_hash', accessToken);
  }

  /** The token pair of a refresh token, expired or not. */
  async findRefreshToken(refreshToken: string): Promise<StoredToken | undefined> {
    return this.#find('refresh_token_hash', refreshToken);
  }

  async revoke(token: string): Promise<boolean> {
    const hash = sha256(token);
    return (
      this.#open()
        .prepare('DELETE FROM oauth_tokens WHERE access_token_hash = ? OR refresh_token_hash = ?')
        .run(hash, hash).changes > 0
    );
  }

  /** Closes the database file; the next use opens it again. */
  close(): void {
    this.#db?.close();
    this.#db = undefined;
  }

  #find(column: 'access_token_hash' | 'refresh_token_hash', token: string) {
    const row = this.#open()
      .prepare(
        `SELECT client_id, user_name, access_expires_at, refresh_expires_at, scope
           FROM oauth_tokens WHERE ${column} = ?`,
      )
      .get(sha256(token)) as TokenRow | undefined;
    if (row === undefined) return undefined;
    return {
      clientId: row.client_id,
      userName: row.user_name,
      accessTokenExpiresAt: new Date(row.access_expires_at),
      refreshTokenExpiresAt:
        row.refresh_expires_at === null ? undefined : new Date(row.refresh_expires_at),
      scope: row.scope === null ? undefined : row.scope.split(' '),
    };
  }

  #writeClient(
    db: Database.Database,
    id: string,
    secret: string,
    grants: readonly string[],
    scopes: readonly string[] = [],
  ): void {
    db.prepare(
      `INSERT OR REPLACE INTO oauth_clients (client_id, secret_hash, grants, scopes)
         VALUES (?, ?, ?, ?)`,
    ).run(id, sha256(secret), grants.join(' '), scopes.join(' '));
  }

  #open(): Database.Database {
    if (this.#db === undefined) {
      // SQLite creates the file but not its folder, such as a fresh clone's data/.
      if (this.#path !== ':memory:') mkdirSync(dirname(this.#path), { recursive: true });
      // Loaded at the first use of the store: an application without tokens never loads SQLite.
      const Sqlite = createRequire(import.meta.url)('better-sqlite3') as typeof Database;
      const db = new Sqlite(this.#path);
      db.pragma('journal_mode = WAL');
      db.exec(SCHEMA);
      addScopesColumn(db);
      this.#db = db;
      for (const [id, { secret, grants, scopes }] of Object.entries(this.#clients))
        this.#writeClient(db, id, secret, grants, scopes);
    }
    return this.#db;
  }
}

/** A file made before clients had scopes lacks their column: its clients get none. */
function addScopesColumn(db: Database.Database): void {
  const columns = db.prepare('PRAGMA table_info(oauth_clients)').all() as { name: string }[];
  if (!columns.some((column) => column.name === 'scopes'))
    db.exec("ALTER TABLE oauth_clients ADD COLUMN scopes TEXT NOT NULL DEFAULT ''");
}
