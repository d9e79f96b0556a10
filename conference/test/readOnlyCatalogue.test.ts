import { execFileSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { resetCatalogue } from '@hyperpipe/catalogue';
import Database from 'better-sqlite3';
import type { RunningServer } from 'hyperpipe/server';
import { afterEach, beforeEach, expect, it, type MockInstance, vi } from 'vitest';
import { createConferenceApp } from '../src/createConferenceApp.ts';
import {
  basicAuth,
  configFolderFor,
  JSON_TYPE,
  PROBLEM,
  SEED,
  useTemporaryFolders,
} from './support/conference.ts';

// A catalogue file that cannot be written when the server opens it: SQLite then opens it
// read-only, silently, and that connection would stay read-only after the file is fixed.
//
// Permissions do not stop root, who may write a file of mode 0444. Run as root (as CI is),
// the file is also made immutable (chattr +i), which refuses root's writes as a read-only
// mount would: SQLite meets the same EPERM/EACCES on open either way.
const temporaryFolder = useTemporaryFolders();
const asRoot = process.getuid?.() === 0;

function makeReadOnly(path: string): void {
  chmodSync(path, 0o444);
  if (asRoot) execFileSync('chattr', ['+i', path]);
}

function makeWritable(path: string): void {
  if (asRoot) execFileSync('chattr', ['-i', path]);
  chmodSync(path, 0o644);
}

let path: string;
let server: RunningServer | undefined;
let errors: MockInstance<typeof console.error>;

beforeEach(async () => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const folder = temporaryFolder();
  path = join(folder, 'conference.sqlite');
  resetCatalogue(path);
  const app = await createConferenceApp({
    configFolder: configFolderFor(folder, path),
    tokenDatabase: ':memory:',
  });
  server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
});

afterEach(async () => {
  makeWritable(path);
  await server?.close();
  errors.mockRestore();
});

/** The talks in the file, read through a connection of the test's own. */
function talksInFile(): unknown[] {
  const database = new Database(path, { readonly: true });
  try {
    return database.prepare('SELECT * FROM talks ORDER BY id').raw().all();
  } finally {
    database.close();
  }
}

const postTalk = (title: string) =>
  fetch(`${server?.url}/talk`, {
    method: 'POST',
    headers: {
      authorization: basicAuth('editor'),
      'content-type': JSON_TYPE,
      accept: JSON_TYPE,
    },
    body: JSON.stringify({ title, speakers: [1] }),
  });

it('answers writes 503 with Retry-After while the file is read-only, and takes them again once it is writable', async () => {
  makeReadOnly(path);
  const before = talksInFile();

  for (const title of ['Refused once', 'Refused twice']) {
    const refused = await postTalk(title);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toBe(PROBLEM);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await refused.json()).detail).toMatch(/read-only/);
  }
  // Reads go on meanwhile.
  const list = await fetch(`${server?.url}/talk`, { headers: { accept: JSON_TYPE } });
  expect(list.status).toBe(200);
  expect((await list.json()).total).toBe(SEED.talks);
  expect(talksInFile()).toEqual(before);

  makeWritable(path);
  const accepted = await postTalk('Written once the file is fixed');
  expect(accepted.status).toBe(201);
  const after = talksInFile();
  expect(after).toHaveLength(before.length + 1);
  expect(after.at(-1)).toContain('Written once the file is fixed');
});
