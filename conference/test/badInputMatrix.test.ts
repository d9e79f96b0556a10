import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resetCatalogue } from '@hyperpipe/catalogue';
import Database from 'better-sqlite3';
import type { RunningServer } from 'hyperpipe/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConferenceApp } from '../src/createConferenceApp.ts';
import { writeForeignCatalogue } from './contract/foreignCatalogue.ts';
import { BAD_INPUTS, type BadInput } from './support/badInputs.ts';
import { basicAuth, configFolderFor, PROBLEM, useTemporaryFolders } from './support/conference.ts';
import { exchange } from './support/rawHttp.ts';

// Every bad request of support/badInputs.ts, over a real socket to a server on a real
// catalogue file: ours, and one another tool made without foreign keys. Each gets its 4xx
// (or 5xx for what HTTP says the server does not implement) as an API Problem, and leaves
// the catalogue file byte for byte as it was.
const temporaryFolder = useTemporaryFolders();

/**
 * What the server answers before the API sees the request, or what reaches no resource:
 * each was an empty 400, a bare 417 or a plain-text 404 before it was a problem.
 */
const unservable: BadInput[] = [
  ...['a b', 'a/b', '999.1.1.1', 'localhost:99999'].map((host) => ({
    name: `Host "${host}"`,
    status: 400,
    method: 'GET',
    path: '/speaker',
    raw: `GET /speaker HTTP/1.1\r\nHost: ${host}\r\n`,
  })),
  {
    name: 'a path with backslashes',
    status: 400,
    method: 'GET',
    path: '/',
    raw: 'GET /\\..\\..\\x HTTP/1.1\r\nHost: localhost\r\n',
  },
  {
    name: 'the target * for GET',
    status: 400,
    method: 'GET',
    path: '*',
    raw: 'GET * HTTP/1.1\r\nHost: localhost\r\n',
  },
  {
    name: 'an expectation other than 100-continue',
    status: 417,
    method: 'GET',
    path: '/speaker',
    headers: { expect: 'a-miracle' },
  },
  ...['text/html', 'text/plain'].map((accept) => ({
    name: `an unknown path, Accept: ${accept}`,
    status: 404,
    method: 'GET',
    path: '/nowhere',
    headers: { accept },
  })),
];

const catalogues = [
  { schema: 'our schema', write: (path: string) => resetCatalogue(path) },
  { schema: 'a schema without foreign keys', write: writeForeignCatalogue },
];

/**
 * The fingerprint of the catalogue: the SHA-256 of the database file's bytes on disk. The
 * catalogue uses SQLite's default rollback journal, so a committed write is in this file
 * when the request ends, and a journal file left behind would mean a write was under way.
 */
function fingerprint(path: string): string {
  for (const suffix of ['-journal', '-wal']) {
    expect(existsSync(`${path}${suffix}`), `no ${suffix} file is left`).toBe(false);
  }
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** The bytes of a case's request, with `{speaker}` and `{talk}` filled in. */
function requestBytes(input: BadInput, ids: { speaker: number; talk: number }): Buffer {
  const fill = (text: string) =>
    text.replaceAll('{speaker}', String(ids.speaker)).replaceAll('{talk}', String(ids.talk));
  const body = typeof input.body === 'string' ? Buffer.from(input.body) : input.body;
  if (input.raw !== undefined) {
    return Buffer.concat([
      Buffer.from(`${fill(input.raw)}Connection: close\r\n\r\n`),
      body ?? Buffer.alloc(0),
    ]);
  }
  const headers = { host: 'localhost', ...input.headers, connection: 'close' } as Record<
    string,
    string
  >;
  const chunked = headers['transfer-encoding'] === 'chunked';
  if (body !== undefined && !chunked) headers['content-length'] = String(body.length);
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const framed =
    body === undefined
      ? Buffer.alloc(0)
      : chunked
        ? Buffer.concat([
            Buffer.from(`${body.length.toString(16)}\r\n`),
            body,
            Buffer.from('\r\n0\r\n\r\n'),
          ])
        : body;
  return Buffer.concat([
    Buffer.from(`${input.method} ${fill(input.path)} HTTP/1.1\r\n${head.join('')}\r\n`),
    framed,
  ]);
}

describe.each(catalogues)('bad input on $schema', ({ write }) => {
  let server: RunningServer;
  let path: string;
  let ids: { speaker: number; talk: number };
  beforeAll(async () => {
    const folder = temporaryFolder();
    path = join(folder, 'catalogue.sqlite');
    write(path);
    const db = new Database(path, { readonly: true });
    ids = {
      speaker: db.prepare('SELECT min(id) FROM speakers').pluck().get() as number,
      talk: db.prepare('SELECT min(id) FROM talks').pluck().get() as number,
    };
    db.close();
    const app = await createConferenceApp({
      configFolder: configFolderFor(folder, path),
      tokenDatabase: ':memory:',
    });
    server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
    // The server opens the catalogue at its first request; from then on nothing may change it.
    expect((await fetch(`${server.url}/speaker/${ids.speaker}`)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe.each(Object.entries({ ...BAD_INPUTS, unservable }))('%s', (_, inputs) => {
    it.each(inputs)('$name: $status', async (input) => {
      const before = fingerprint(path);
      const answer = await exchange(server.port, { pieces: [requestBytes(input, ids)] });
      expect(answer.error, 'the answer arrives whole').toBeUndefined();
      expect(answer.status).toBe(input.status);
      expect(answer.headers['content-type']).toBe(PROBLEM);
      expect(JSON.parse(answer.body)).toMatchObject({
        status: input.status,
        title: expect.any(String),
      });
      expect(fingerprint(path), 'the catalogue file is unchanged').toBe(before);
    });
  });

  it('still answers after the whole matrix, and sees an accepted write in the file', async () => {
    expect((await fetch(`${server.url}/talk/${ids.talk}`)).status).toBe(200);
    // The fingerprint is no formality: the smallest accepted write changes it.
    const before = fingerprint(path);
    const renamed = await fetch(`${server.url}/speaker/${ids.speaker}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: basicAuth('editor') },
      body: JSON.stringify({ twitter: '@renamed' }),
    });
    expect(renamed.status).toBe(200);
    expect(fingerprint(path)).not.toBe(before);
  });
});
