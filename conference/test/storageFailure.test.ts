import { join } from 'node:path';
import { openCatalogue, resetCatalogue } from '@hyperpipe/catalogue';
import Database from 'better-sqlite3';
import { type Application, ServerRequest } from 'hyperpipe';
import { ApiProblem } from 'hyperpipe/problem';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createConferenceApp } from '../src/createConferenceApp.ts';
import { storageFailureProblem } from '../src/database/storageFailureProblem.ts';
import { PROBLEM, problem, SEED, sendJson, useTemporaryFolders } from './support/conference.ts';

// The disk under the catalogue is full, or the catalogue is read-only (a read-only mount, a
// file the server's user may not write). Nothing is wrong with the requests, and reads still
// work: a generic 500 would say the server is broken.
const temporaryFolder = useTemporaryFolders();

let errors: MockInstance<typeof console.error>;
let database: Database.Database | undefined;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  database?.close();
  database = undefined;
  errors.mockRestore();
});

/** The API over a seeded catalogue file, through a connection `prepare` makes unable to write. */
async function catalogueThat(prepare: (path: string) => Database.Database): Promise<Application> {
  const path = join(temporaryFolder(), 'conference.sqlite');
  resetCatalogue(path);
  database = prepare(path);
  return createConferenceApp({ database, tokenDatabase: ':memory:' });
}

// SQLite stops growing a file at max_page_count pages with SQLITE_FULL, as on a full disk.
const full = (path: string) => {
  const connection = openCatalogue(path);
  const pages = connection.pragma('page_count', { simple: true }) as number;
  connection.pragma(`max_page_count = ${pages}`);
  return connection;
};
const readOnly = (path: string) => new Database(path, { readonly: true });

// Each needs a new page, its abstract being longer than a page: a write that fits in the free
// room of a page would still succeed on a full disk.
const abstract = 'y'.repeat(4000);
const writes = [
  ['POST', '/talk', { title: 'New', abstract, speakers: [1, 2] }],
  ['PUT', '/talk/1', { title: 'Replaced', abstract }],
] as const;

const snapshot = (db: Database.Database) =>
  db.prepare('SELECT * FROM talks ORDER BY id').raw().all();

describe.each([
  // RFC 9110 does not define 507: WebDAV's RFC 4918 does.
  [
    'a full disk',
    full,
    507,
    'Insufficient Storage',
    /no room left/,
    null,
    { type: 'https://www.rfc-editor.org/rfc/rfc4918#section-11.5' },
  ],
  ['a read-only catalogue', readOnly, 503, 'Service Unavailable', /read-only/, '60', {}],
] as const)('%s', (_, prepare, status, title, detail, retryAfter, type) => {
  it(`answers writes with a ${status} problem, changes nothing and logs why`, async () => {
    const app = await catalogueThat(prepare);
    const before = snapshot(database as Database.Database);
    for (const [method, path, body] of writes) {
      errors.mockClear();
      const answer = await sendJson(app, path, { method, body, as: 'editor' });
      expect(answer.status, `${method} ${path}`).toBe(status);
      expect(answer.headers.get('content-type')).toBe(PROBLEM);
      expect(answer.headers.get('retry-after')).toBe(retryAfter);
      expect(answer.body).toEqual({ ...problem(status, title, detail), ...type });
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0]?.[0])).toMatch(
        /^\[conference\] (POST|PUT) \/v1\/talk\S*: SQLITE_/,
      );
    }
    expect(snapshot(database as Database.Database)).toEqual(before);
  });

  it('keeps serving reads after a refused write', async () => {
    const app = await catalogueThat(prepare);
    const [method, path, body] = writes[0];
    expect((await sendJson(app, path, { method, body, as: 'editor' })).status).toBe(status);
    const list = await sendJson(app, '/talk');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(SEED.talks);
    expect((await sendJson(app, '/v2/speaker/1')).status).toBe(200);
  });
});

describe('storageFailureProblem', () => {
  const request = new ServerRequest(new Request('http://localhost/speaker', { method: 'POST' }));
  const sqliteError = (code: string) => Object.assign(new Error('disk I/O error'), { code });

  it('answers a failing disk (SQLITE_IOERR_*) with a 503 and Retry-After', () => {
    let thrown: unknown;
    try {
      storageFailureProblem(sqliteError('SQLITE_IOERR_WRITE'), request);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiProblem);
    expect((thrown as ApiProblem).status).toBe(503);
    expect((thrown as ApiProblem).headers).toEqual({ 'retry-after': '60' });
  });

  it('finds the code in the cause, as opening the catalogue wraps it', () => {
    const wrapped = new Error('Cannot open the conference catalogue', {
      cause: sqliteError('SQLITE_READONLY_DIRECTORY'),
    });
    expect(() => storageFailureProblem(wrapped, request)).toThrow(/read-only/);
  });

  it.each([
    ['a corrupt file', sqliteError('SQLITE_CORRUPT')],
    ['a constraint', sqliteError('SQLITE_CONSTRAINT_FOREIGNKEY')],
    ['a bug', new TypeError('x is undefined')],
  ])('leaves any other error (%s) to the problem middleware', (_, error) => {
    expect(() => storageFailureProblem(error, request)).toThrow(error);
    expect(errors).not.toHaveBeenCalled();
  });
});
