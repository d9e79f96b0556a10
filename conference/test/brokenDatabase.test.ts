import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resetCatalogue } from '@hyperpipe/catalogue';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createConferenceApp } from '../src/createConferenceApp.ts';
import {
  configFolderFor,
  JSON_TYPE,
  PROBLEM,
  problem,
  SEED,
  sendJson,
  useTemporaryFolders,
} from './support/conference.ts';

// These tests go through the configured `Database` factory and src/database/Catalogue.ts,
// the path `npm run serve` takes, with a configuration folder whose local file points the
// catalogue at a broken file.
const temporaryFolder = useTemporaryFolders();

let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  errors.mockRestore();
});

const brokenFiles: [string, (path: string) => void][] = [
  ['a file of garbage', (path) => writeFileSync(path, 'this is not a database\n'.repeat(200))],
  ['an empty file', (path) => writeFileSync(path, '')],
  [
    'a SQLite database without the catalogue tables',
    (path) => {
      const other = new Database(path);
      other.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
      other.close();
    },
  ],
];

describe.each(brokenFiles)('a catalogue that is %s', (_, breakFile) => {
  async function brokenApp() {
    const folder = temporaryFolder();
    const path = join(folder, 'conference.sqlite');
    breakFile(path);
    const app = await createConferenceApp({ configFolder: configFolderFor(folder, path) });
    return { app, path };
  }

  it('makes catalogue requests answer a generic 500 problem and log why', async () => {
    const { app, path } = await brokenApp();
    for (const [method, route] of [
      ['GET', '/speaker'],
      ['GET', '/talk/1'],
      ['GET', '/v2/speaker/1'],
      ['DELETE', '/speaker/1'],
    ] as const) {
      errors.mockClear();
      const { status, headers, body } = await sendJson(app, route, { method, as: 'editor' });
      expect(status, `${method} ${route}`).toBe(500);
      expect(headers.get('content-type')).toBe(PROBLEM);
      expect(body).toEqual(
        problem(500, 'Internal Server Error', 'The server could not complete the request'),
      );
      // One report per failed request, naming the file and the request.
      expect(errors).toHaveBeenCalledTimes(1);
      const logged = String(errors.mock.calls[0]?.[0]);
      expect(logged).toContain(`${method} ${route.startsWith('/v2') ? route : `/v1${route}`}`);
      expect(logged).toContain(`Cannot open the conference catalogue at ${path}`);
    }
  });

  it('never shows SQL, file names or stack traces to the client', async () => {
    const { app, path } = await brokenApp();
    const text = await (await app.handle(new Request('http://localhost:8080/speaker/1'))).text();
    for (const secret of [
      path,
      'sqlite',
      'SQL',
      'SELECT',
      'database',
      'Catalogue',
      '    at ',
      '.ts',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('leaves the time zone service working', async () => {
    const { app } = await brokenApp();
    expect(await sendJson(app, '/speaker')).toMatchObject({ status: 500 });
    const get = await sendJson(app, '/timezone');
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe(JSON_TYPE);
    const post = await sendJson(app, '/timezone', {
      method: 'POST',
      as: 'editor',
      body: { timezone: 'Asia/Tokyo' },
    });
    expect(post.body).toEqual({ timezone: 'Asia/Tokyo', valid: true });
  });

  it('recovers on the next request once the file is repaired, without a restart', async () => {
    const { app, path } = await brokenApp();
    expect((await sendJson(app, '/speaker')).status).toBe(500);
    resetCatalogue(path);
    const { status, body } = await sendJson(app, '/speaker');
    expect(status).toBe(200);
    expect(body.total).toBe(SEED.speakers);
    expect(errors).toHaveBeenCalledTimes(1);
  });
});
