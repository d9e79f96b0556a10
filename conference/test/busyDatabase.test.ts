import { join } from 'node:path';
import { resetCatalogue } from '@hyperpipe/catalogue';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createConferenceApp } from '../src/createConferenceApp.ts';
import {
  configFolderFor,
  PROBLEM,
  problem,
  sendJson,
  useTemporaryFolders,
} from './support/conference.ts';

// Another process (a second server, a sqlite3 shell, a backup) holds the catalogue's write
// lock. Here a second connection plays that process: it takes the lock and keeps it.
const temporaryFolder = useTemporaryFolders();

let errors: MockInstance<typeof console.error>;
let lockHolder: Database.Database | undefined;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  lockHolder?.close();
  lockHolder = undefined;
  errors.mockRestore();
});

async function lockedCatalogue(lock: 'IMMEDIATE' | 'EXCLUSIVE') {
  const folder = temporaryFolder();
  const path = join(folder, 'conference.sqlite');
  resetCatalogue(path);
  const app = await createConferenceApp({
    configFolder: configFolderFor(folder, path),
    tokenDatabase: ':memory:',
  });
  // Open the catalogue before the lock, as `npm run serve` does at start.
  expect((await sendJson(app, '/speaker/1')).status).toBe(200);
  lockHolder = new Database(path);
  lockHolder.exec(`BEGIN ${lock}`);
  return app;
}

const busy = problem(503, 'Service Unavailable', /busy/);

describe('a catalogue another process has locked', () => {
  it('answers a write with a 503 problem and Retry-After', async () => {
    const app = await lockedCatalogue('IMMEDIATE');
    const answer = await sendJson(app, '/speaker', {
      method: 'POST',
      body: { name: 'Ada' },
      as: 'editor',
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type')).toBe(PROBLEM);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(answer.body).toEqual(busy);
  });

  it('answers a read with a 503 problem while the lock is exclusive', async () => {
    const app = await lockedCatalogue('EXCLUSIVE');
    const answer = await sendJson(app, '/talk/1');
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(answer.body).toEqual(busy);
  });

  it('keeps answering requests that do not need the catalogue among waiting writes', async () => {
    const app = await lockedCatalogue('EXCLUSIVE');
    // The driver waits for the lock synchronously, so each write holds up every request
    // behind it for as long as it waits: five-second waits would time this test out.
    const write = () =>
      sendJson(app, '/speaker', { method: 'POST', body: { name: 'A' }, as: 'editor' });
    const answers = await Promise.all([write(), write(), sendJson(app, '/timezone'), write()]);
    expect(answers.map(({ status }) => status)).toEqual([503, 503, 200, 503]);
  });

  it('answers normally again once the lock is released', async () => {
    const app = await lockedCatalogue('IMMEDIATE');
    lockHolder?.exec('ROLLBACK');
    const answer = await sendJson(app, '/speaker', {
      method: 'POST',
      body: { name: 'Ada' },
      as: 'editor',
    });
    expect(answer.status).toBe(201);
  });
});
