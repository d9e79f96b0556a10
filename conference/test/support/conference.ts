import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  type CatalogueDatabase,
  createInMemoryCatalogue,
  type Speaker,
  type Talk,
} from '@hyperpipe/catalogue';
import type { Application } from 'hyperpipe';
import { afterAll, expect } from 'vitest';
import { createConferenceApp } from '../../src/createConferenceApp.ts';

/**
 * The origin the in-process requests pretend to reach; self links are built from it. It is
 * where `npm run serve` listens, as the OpenAPI document's examples say.
 */
export const ORIGIN = 'http://localhost:8800';

export const JSON_TYPE = 'application/json';
export const HAL = 'application/hal+json';
export const V1 = 'application/vnd.conference.v1+json';
export const V2 = 'application/vnd.conference.v2+json';
export const PROBLEM = 'application/problem+json';

/** The size of the seeded catalogue. */
export const SEED = { speakers: 76, talks: 125, links: 164 } as const;

/** A conference API over its own freshly seeded in-memory catalogue. */
export interface TestConference {
  app: Application;
  db: CatalogueDatabase;
}

/**
 * Builds the API over a fresh in-memory catalogue, as the real configuration wires it,
 * with its OAuth2 tokens in memory too.
 */
export async function createTestConference(): Promise<TestConference> {
  const db = createInMemoryCatalogue();
  return { app: await createConferenceApp({ database: db, tokenDatabase: ':memory:' }), db };
}

/** The demo users of conference/config/auth, with their passwords. */
export const DEMO_USERS = { learner: 'hyperpipe', editor: 'hyperpipe-editor' } as const;

/** A demo user's name. */
export type DemoUser = keyof typeof DEMO_USERS;

/** The `Authorization: Basic …` value of a demo user. */
export function basicAuth(user: DemoUser, password: string = DEMO_USERS[user]): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/**
 * What {@link send} takes: a method, headers, and a body (objects are sent as JSON); `as`
 * signs the request in as a demo user with HTTP Basic, since writes need an identity.
 */
export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  as?: DemoUser;
}

/**
 * Sends one request to the application in-process. An object body becomes JSON with
 * `Content-Type: application/json` unless the headers say otherwise; a string is sent as is.
 */
export function send(app: Application, path: string, options: SendOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.as !== undefined && !headers.has('authorization'))
    headers.set('authorization', basicAuth(options.as));
  let body: string | undefined;
  if (typeof options.body === 'string') body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', JSON_TYPE);
  }
  return app.handle(
    new Request(`${ORIGIN}${path}`, { method: options.method ?? 'GET', headers, body }),
  );
}

/** A response with its body read as JSON (or `undefined` when it has none). */
export interface JsonAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: HAL documents are walked freely in assertions.
  body: any;
}

/** Like {@link send}, then reads the body as JSON. */
export async function sendJson(
  app: Application,
  path: string,
  options: SendOptions = {},
): Promise<JsonAnswer> {
  const response = await send(app, path, options);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

/** The problem document an error answer must be: its status, title and detail. */
export function problem(status: number, title: string, detail: string | RegExp) {
  return {
    type: `https://www.rfc-editor.org/rfc/rfc9110#status.${status}`,
    title,
    status,
    detail: typeof detail === 'string' ? detail : expect.stringMatching(detail),
  };
}

/** The ids of the talks of every speaker, and of the speakers of every talk, read with SQL. */
export function linkTable(db: CatalogueDatabase): {
  talksOf: Map<number, number[]>;
  speakersOf: Map<number, number[]>;
} {
  const rows = db
    .prepare('SELECT talk_id, speaker_id FROM talks_speakers ORDER BY talk_id, speaker_id')
    .all() as { talk_id: number; speaker_id: number }[];
  const talksOf = new Map<number, number[]>();
  const speakersOf = new Map<number, number[]>();
  for (const { talk_id, speaker_id } of rows) {
    talksOf.set(speaker_id, [...(talksOf.get(speaker_id) ?? []), talk_id]);
    speakersOf.set(talk_id, [...(speakersOf.get(talk_id) ?? []), speaker_id]);
  }
  return { talksOf, speakersOf };
}

/** A speaker's row, read with SQL. */
export function speakerRow(db: CatalogueDatabase, id: number): Speaker | undefined {
  return db.prepare('SELECT id, name, url, twitter FROM speakers WHERE id = ?').get(id) as
    | Speaker
    | undefined;
}

/** A talk's row, read with SQL. */
export function talkRow(db: CatalogueDatabase, id: number): Talk | undefined {
  return db
    .prepare('SELECT id, title, abstract, day, start_time FROM talks WHERE id = ?')
    .get(id) as Talk | undefined;
}

/** Every id of a table, ascending. */
export function idsOf(db: CatalogueDatabase, table: 'speakers' | 'talks'): number[] {
  return db.prepare(`SELECT id FROM ${table} ORDER BY id`).pluck().all() as number[];
}

/** The number of rows of a table. */
export function countOf(
  db: CatalogueDatabase,
  table: 'speakers' | 'talks' | 'talks_speakers',
): number {
  return db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
}

/** The id at the end of a self link or Location, such as 77 in `…/v1/speaker/77`. */
export function idFromUrl(url: string): number {
  const id = new URL(url).pathname.split('/').at(-1);
  return Number(id);
}

/** Ids sorted ascending, for comparing lists whose order is not the point. */
export function sorted(ids: readonly number[]): number[] {
  return [...ids].sort((a, b) => a - b);
}

/** Creates empty temporary folders, all removed when the test file ends. */
export function useTemporaryFolders(): () => string {
  const created: string[] = [];
  afterAll(() => {
    for (const folder of created.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    const folder = mkdtempSync(join(tmpdir(), 'conference-test-'));
    created.push(folder);
    return folder;
  };
}

const REAL_CONFIG = fileURLToPath(new URL('../../config/autoload/', import.meta.url));

/**
 * A configuration folder for `createConferenceApp({ configFolder })`: every real
 * `*.global.ts` file, re-exported, plus a `database.local.json` pointing the catalogue
 * at `databasePath`, the way a developer's local file would.
 */
export function configFolderFor(folder: string, databasePath: string): string {
  const config = join(folder, 'config');
  mkdirSync(config);
  for (const name of readdirSync(REAL_CONFIG).filter((file) => file.endsWith('.global.ts'))) {
    const real = pathToFileURL(join(REAL_CONFIG, name)).href;
    writeFileSync(join(config, name), `export { default } from '${real}';\n`);
  }
  writeFileSync(
    join(config, 'database.local.json'),
    JSON.stringify({ database: { path: databasePath } }),
  );
  return config;
}
