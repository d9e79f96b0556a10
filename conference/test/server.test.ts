import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openCatalogue, resetCatalogue } from '@hyperpipe/catalogue';
import type { RunningServer } from 'hyperpipe/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownProcess } from '../../framework/test/support/ownProcess.ts';
import { createConferenceApp } from '../src/createConferenceApp.ts';
import {
  basicAuth,
  countOf,
  createTestConference,
  HAL,
  PROBLEM,
  SEED,
  speakerRow,
  useTemporaryFolders,
} from './support/conference.ts';
import { exchange } from './support/rawHttp.ts';

const temporaryFolder = useTemporaryFolders();

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('the API over a real socket, on a database file', () => {
  let server: RunningServer;
  let db: ReturnType<typeof openCatalogue>;
  beforeAll(async () => {
    const path = join(temporaryFolder(), 'conference.sqlite');
    resetCatalogue(path);
    db = openCatalogue(path, { create: false });
    const app = await createConferenceApp({ database: db });
    server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
  });
  afterAll(async () => {
    await server?.close();
    db?.close();
  });

  it('answers a GET with HAL whose links point at the server', async () => {
    const response = await fetch(`${server.url}/speaker?page=2`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(HAL);
    const body = await response.json();
    expect(body).toMatchObject({ page: 2, total: SEED.speakers, count: 25 });
    expect(body._links.self.href).toBe(`${server.url}/v1/speaker?page=2`);
    expect(body._links.next.href).toBe(`${server.url}/v1/speaker?page=3`);
  });

  it('creates with POST, and the Location serves what was created, from the file', async () => {
    const created = await fetch(`${server.url}/talk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basicAuth('editor') },
      body: JSON.stringify({
        title: 'Sockets',
        day: '2027-05-19',
        start_time: '14:00',
        speakers: [2],
      }),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') as string;
    expect(location).toBe(`${server.url}/v1/talk/${SEED.talks + 1}`);
    const createdBody = await created.json();

    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(await fetched.json()).toEqual(createdBody);
    expect(createdBody._embedded.speakers.map((s: { id: number }) => s.id)).toEqual([2]);
    expect(countOf(db, 'talks')).toBe(SEED.talks + 1);
  });

  it('answers a method the resource lacks with a 405 problem and Allow', async () => {
    const response = await fetch(`${server.url}/speaker/1`, {
      method: 'POST',
      headers: { authorization: basicAuth('editor') },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET,HEAD,PATCH,PUT,DELETE,OPTIONS');
    expect(response.headers.get('content-type')).toBe(PROBLEM);
    expect((await response.json()).title).toBe('Method Not Allowed');
  });

  // A browser asking for HTML (or text) got a plain-text `Cannot GET /speakers`.
  it.each([
    'text/html',
    'text/plain',
    'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  ])(
    'answers an unknown path with the 404 problem, also to a client that takes %s',
    async (accept) => {
      const response = await fetch(`${server.url}/speakers`, { headers: { accept } });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe(PROBLEM);
      expect(await response.json()).toMatchObject({
        title: 'Not Found',
        detail: 'Nothing is found at /speakers',
      });
    },
  );

  it('still serves the explorer page at / to a browser', async () => {
    const response = await fetch(server.url, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('answers OPTIONS * as a ping: 204, nothing else', async () => {
    const answer = await exchange(server.port, {
      pieces: ['OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'],
    });
    expect(answer).toMatchObject({ status: 204, body: '', error: undefined });
  });

  // Unicode noncharacters were stored as names; each write is refused, naming the field.
  it.each([
    ['U+FFFF', '\uFFFF'],
    ['U+FFFE', '\uFFFE'],
    ['U+FDD0', 'Ada \uFDD0'],
    ['U+10FFFF', 'Ada \u{10FFFF}'],
  ])(
    'refuses a name holding the noncharacter %s with a 422 that names the field',
    async (_, name) => {
      const response = await fetch(`${server.url}/speaker`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: basicAuth('editor') },
        body: JSON.stringify({ name }),
      });
      expect(response.status).toBe(422);
      expect(response.headers.get('content-type')).toBe(PROBLEM);
      expect((await response.json()).validation_messages).toEqual({
        name: { noncharacter: 'The name must not hold Unicode noncharacters' },
      });
      expect(db.prepare('SELECT count(*) FROM speakers WHERE name = ?').pluck().get(name)).toBe(0);
    },
  );

  it('answers HEAD with headers and no body over the wire', async () => {
    const response = await fetch(`${server.url}/speaker/1`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(HAL);
    expect(await response.text()).toBe('');
  });
});

// A client_credentials token wrote as the identity `workshop`, as if the client were a user.
describe('an OAuth2 client acting for itself, over a real socket', () => {
  it('reads, and each of its writes is a 403 problem that changes nothing', async () => {
    const { app, db } = await createTestConference();
    const server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
    try {
      const issued = await fetch(`${server.url}/oauth`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${btoa('workshop:workshop-secret')}`,
        },
        body: 'grant_type=client_credentials',
      });
      const bearer = { authorization: `Bearer ${(await issued.json()).access_token}` };
      expect((await fetch(`${server.url}/speaker/1`, { headers: bearer })).status).toBe(200);
      const speaker = speakerRow(db, 1);
      const writes: [string, string, unknown][] = [
        ['PATCH', '/speaker/1', { name: 'Written by a client' }],
        ['POST', '/talk', { title: 'Written by a client' }],
        ['DELETE', '/talk/1', undefined],
      ];
      for (const [method, path, body] of writes) {
        const response = await fetch(`${server.url}${path}`, {
          method,
          headers: { ...bearer, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.headers.get('content-type')).toBe(PROBLEM);
        expect((await response.json()).detail).toMatch(
          /^The OAuth2 client workshop acts for no user, and \w+ Conference\.V1\.\w+::\w+ needs one: use a user's token/,
        );
      }
      expect(speakerRow(db, 1)).toEqual(speaker);
      expect(countOf(db, 'talks')).toBe(SEED.talks);
    } finally {
      await server.close();
    }
  });
});

describe('serve.ts, as `npm run serve` starts it', () => {
  const SERVE = fileURLToPath(new URL('../src/serve.ts', import.meta.url));
  const ROOT = fileURLToPath(new URL('../../', import.meta.url));

  /**
   * Starts serve.ts on the catalogue at `databasePath`, runs `use` with its URL, then sends
   * SIGTERM and resolves to the exit code and what the process wrote on stderr.
   */
  async function withServe(
    databasePath: string,
    use: (url: string) => Promise<void>,
    // null: no PORT at all, as a learner types it
    port: string | null = '0',
  ) {
    // PORT=0: the system picks a free port, and serve.ts prints the URL it got.
    const env: NodeJS.ProcessEnv = { ...process.env, CONFERENCE_DB: databasePath };
    if (port === null) delete env.PORT;
    else env.PORT = port;
    const child = spawn(process.execPath, ['--import', 'tsx', SERVE], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    ownProcess(child);
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          stdout += chunk;
          const found = /Conference API on (http:\/\/\S+?)\./.exec(stdout);
          if (found) resolve(found[1] as string);
        });
        child.once('exit', (code) => reject(new Error(`serve.ts exited with ${code}: ${stderr}`)));
        setTimeout(
          () => reject(new Error(`serve.ts printed no URL: ${stdout}${stderr}`)),
          15_000,
        ).unref();
      });
      await use(url);
    } finally {
      child.kill('SIGTERM');
    }
    return { code: await exited, stderr, stdout };
  }

  // Every step's curl lines and a learner's own server use 8080: the finished API there
  // would answer right whatever the learner's code does.
  it('says first that it is the finished reference API, and how to serve your own step', async () => {
    const path = join(temporaryFolder(), 'conference.sqlite');
    const { stdout } = await withServe(path, async () => {});
    expect(stdout.split('\n')[0]).toBe(
      "This is the finished reference API (conference/), not your step's code: it answers right whatever your code does. To serve your own step: npm run workshop -- serve (http://localhost:8080).",
    );
  });

  it('listens on 8800 without PORT, not on 8080, the port of the steps', async (context) => {
    if (!(await portIsFree(8800))) context.skip('8800 is taken on this machine');
    const path = join(temporaryFolder(), 'conference.sqlite');
    await withServe(
      path,
      async (url) => {
        expect(url).toBe('http://localhost:8800');
        expect((await fetch(`${url}/timezone`)).status).toBe(200);
      },
      null,
    );
  });

  it('creates a missing database file, answers, and exits with 0 on SIGTERM', async () => {
    const path = join(temporaryFolder(), 'nested', 'conference.sqlite');
    expect(existsSync(path)).toBe(false);
    const { code, stderr } = await withServe(path, async (url) => {
      expect(existsSync(path), 'the database file is created before the first request').toBe(true);
      const response = await fetch(`${url}/speaker`);
      expect(response.status).toBe(200);
      expect((await response.json()).total).toBe(SEED.speakers);
      const check = openCatalogue(path, { create: false });
      expect(countOf(check, 'speakers')).toBe(SEED.speakers);
      check.close();
    });
    expect(code).toBe(0);
    expect(stderr).toContain('SIGTERM');
  });

  it('starts on a broken database file, says so, and keeps the time zone service up', async () => {
    const path = join(temporaryFolder(), 'conference.sqlite');
    writeFileSync(path, 'not a database\n'.repeat(100));
    const { code, stderr } = await withServe(path, async (url) => {
      expect((await fetch(`${url}/timezone`)).status).toBe(200);
      const speakers = await fetch(`${url}/speaker`);
      expect(speakers.status).toBe(500);
      expect(speakers.headers.get('content-type')).toBe(PROBLEM);
    });
    expect(code).toBe(0);
    expect(stderr).toContain(`[conference] Cannot open the conference catalogue at ${path}`);
    expect(stderr).toContain('catalogue requests will answer 500 until it is fixed');
  });
});
