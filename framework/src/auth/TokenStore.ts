import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { safeEqual } from './safeEqual.ts';

/**
 * An OAuth2 client as stored: its id, the grant types and the scopes it may use.
 *
 * @category Authentication
 */
export interface OAuth2Client {
  /** The `client_id`. */
  readonly id: string;
  /** The grant types it may use, such as `password`. */
  readonly grants: readonly string[];
  /** The scopes it may ask for; none unless configured. */
  readonly scopes: readonly string[];
}

/**
 * A client to store: its secret, the grant types and the scopes it may use.
 *
 * @category Authentication
 */
export interface OAuth2ClientSecret {
  /** The `client_secret`; stored hashed. */
  readonly secret: string;
  /** The grant types it may use, such as `password`. */
  readonly grants: readonly string[];
  /** The scopes it may ask for, such as `read`; none by default, so any scope is refused. */
  readonly scopes?: readonly string[] | undefined;
}

/**
 * A token pair to store; the tokens themselves are hashed before they reach the database.
 *
 * @category Authentication
 */
export interface TokenToSave {
  /** The access token. */
  readonly accessToken: string;
  /** When the access token expires. */
  readonly accessTokenExpiresAt: Date;
  /** The refresh token, if one is issued. */
  readonly refreshToken?: string | undefined;
  /** When the refresh token expires. */
  readonly refreshTokenExpiresAt?: Date | undefined;
  /** The client it was issued to. */
  readonly clientId: string;
  /** The user (or, for client credentials, the client) it stands for. */
  readonly userName: string;
  /** The granted scopes. */
  readonly scope?: readonly string[] | undefined;
}

/**
 * What a stored token says, found by the access or the refresh token.
 *
 * @category Authentication
 */
export interface StoredToken {
  /** The client it was issued to. */
  readonly clientId: string;
  /** The user it stands for. */
  readonly userName: string;
  /** When the access token expires. */
  readonly accessTokenExpiresAt: Date;
  /** When the refresh token expires, if there is one. */
  readonly refreshTokenExpiresAt: Date | undefined;
  /** The granted scopes. */
  readonly scope: readonly string[] | undefined;
}

/** When a pair's last token expires: after it, the pair is of no use and may go. */
const LAST_EXPIRY = 'max(access_expires_at, coalesce(refresh_expires_at, 0))';

/**
 * The live token pairs one client may hold for one user; issuing one more revokes the
 * oldest. Ten, as GitHub keeps per user, application and scope: enough for a user's devices
 * and tabs, and a client that asks for a token per request cannot fill the table.
 */
export const TOKENS_PER_USER = 10;

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
 * OAuth2 clients and tokens in SQLite, so tokens survive a restart. Tokens and client
 * secrets are stored as SHA-256 hashes: whoever reads the file cannot use what is in it.
 * (A plain hash, not bcrypt, suffices: tokens are long random strings, nothing to guess.)
 *
 * The file is opened on first use, so an application that never sees a token never opens it.
 *
 * @example
 * ```ts
 * const tokens = new TokenStore(':memory:', {
 *   workshop: {
 *     secret: 'workshop-secret',
 *     grants: ['password', 'refresh_token'],
 *     scopes: ['read'],
 *   },
 * });
 * tokens.verifyClient('workshop', 'workshop-secret');
 * // { id: 'workshop', grants: [...], scopes: ['read'] }
 * ```
 *
 * @category Authentication
 */
export class TokenStore {
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

  /**
   * Adds or replaces a client; its secret is stored hashed.
   *
   * @param id - the `client_id`
   * @param secret - the `client_secret`
   * @param grants - the grant types it may use, such as `password`
   * @param scopes - the scopes it may ask for; none by default
   */
  saveClient(
    id: string,
    secret: string,
    grants: readonly string[],
    scopes: readonly string[] = [],
  ): void {
    this.#open()
      .prepare(
        `INSERT OR REPLACE INTO oauth_clients (client_id, secret_hash, grants, scopes)
           VALUES (?, ?, ?, ?)`,
      )
      .run(id, sha256(secret), grants.join(' '), scopes.join(' '));
  }

  /**
   * The client, when the secret is its own; compared in constant time.
   *
   * @param id - the `client_id`
   * @param secret - the `client_secret` the client sent
   */
  verifyClient(id: string, secret: string): OAuth2Client | undefined {
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
  save(token: TokenToSave): void {
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

  /**
   * The token pair of an access token, expired or not.
   */
  findAccessToken(accessToken: string): StoredToken | undefined {
    return this.#find('access_token_hash', accessToken);
  }

  /**
   * The token pair of a refresh token, expired or not.
   */
  findRefreshToken(refreshToken: string): StoredToken | undefined {
    return this.#find('refresh_token_hash', refreshToken);
  }

  /**
   * Revokes the token pair that holds this access or refresh token: both stop working.
   *
   * @param token - the access or the refresh token
   *
   * @returns whether there was such a pair
   */
  revoke(token: string): boolean {
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

  #open(): Database.Database {
    if (this.#db === undefined) {
      // SQLite creates the file but not its folder, such as a fresh clone's data/.
      if (this.#path !== ':memory:') mkdirSync(dirname(this.#path), { recursive: true });
      const db = new Database(this.#path);
      db.pragma('journal_mode = WAL');
      db.exec(SCHEMA);
      addScopesColumn(db);
      this.#db = db;
      for (const [id, { secret, grants, scopes }] of Object.entries(this.#clients))
        this.saveClient(id, secret, grants, scopes);
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

/** The words of a space-separated list; none for an empty one. */
function words(list: string): string[] {
  return list === '' ? [] : list.split(' ');
}

function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
