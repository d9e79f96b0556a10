import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApplication, json, text } from 'hyperpipe';
import type { RunningServer } from 'hyperpipe/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseCommandLine } from '../src/args.ts';
import { setCheckContext } from '../src/harness/context.ts';
import { send } from '../src/harness/exchange.ts';
import { CheckFailure } from '../src/harness/report.ts';
import { serveTarget } from '../src/harness/serveTarget.ts';
import {
  closeTargetApps,
  createTargetApp,
  loadCreateApp,
  readTargetConfig,
  removeStaleLocalConfigs,
  withLocalConfig,
} from '../src/harness/target.ts';
import { EXERCISES_DIR, SOLUTIONS_DIR } from '../src/workshop/paths.ts';
import { startServer } from '../src/workshop/server.ts';

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const PING_SOLUTION = join(SOLUTIONS_DIR, '02-ping');

afterAll(() => setCheckContext(undefined));

describe('in-process: requests for http://conference.test go to app.handle()', () => {
  beforeAll(() => {
    setCheckContext({ target: PING_SOLUTION, step: '02-ping' });
  });
  afterAll(() => {
    closeTargetApps();
  });

  it("answers send() with the target's application", async () => {
    const ping = await send('GET', '/ping');
    expect(ping.status).toBe(200);
    expect(ping.isJson).toBe(true);
    expect(ping.json).toEqual({ ack: expect.any(Number) });
    const wrong = await send('DELETE', '/ping');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET,HEAD');
    expect(wrong.request).toEqual({
      method: 'DELETE',
      url: 'http://conference.test/ping',
      headers: {},
      body: undefined,
    });
  });

  it('sends bodies along', async () => {
    const posted = await send('POST', '/post', { body: 'x' });
    expect(posted.text).toBe('IN POST!');
  });

  it('can send to another application in-process instead', async () => {
    const other = createApplication();
    other.get('/ping', (_request, response) => text('other', response));
    expect((await send('GET', '/ping', { app: other })).text).toBe('other');
  });
});

describe('live: with a URL, the same requests go to a running server', () => {
  let live: RunningServer;
  beforeAll(async () => {
    const app = createApplication();
    app.get('/ping', () => json({ live: true }));
    app.post('/echo/{word}', async (request, response) =>
      json(
        {
          word: request.param('word'),
          query: request.query.get('q'),
          type: request.headers.get('content-type'),
          body: await request.request.text(),
        },
        response,
      ),
    );
    live = await app.run({ port: 0, handleSignals: false });
    setCheckContext({ target: PING_SOLUTION, url: `${live.url}/`, step: '02-ping' });
  });
  afterAll(async () => {
    await live.close();
  });

  it('forwards method, path, query, headers and body, and returns the answer', async () => {
    expect((await send('GET', '/ping')).json).toEqual({ live: true });
    const echo = await send('POST', '/echo/hello?q=1', { json: { a: 1 } });
    expect(echo.json).toEqual({
      word: 'hello',
      query: '1',
      type: 'application/json',
      body: '{"a":1}',
    });
  });

  it('reports a server that does not answer, and says to start it', async () => {
    setCheckContext({ target: PING_SOLUTION, url: 'http://127.0.0.1:9', step: '02-ping' });
    const failure = await send('GET', '/ping').catch((error: unknown) => error);
    setCheckContext({ target: PING_SOLUTION, url: `${live.url}/`, step: '02-ping' });
    expect(failure).toBeInstanceOf(CheckFailure);
    expect((failure as Error).message).toMatch(/^GET \/ping: no answer came back/);
    expect((failure as Error).message).toContain(
      'an answer from the server at http://127.0.0.1:9 (is it running?)',
    );
  });
});

describe("loading a target's createApp", () => {
  const folders: string[] = [];
  async function targetWith(appSource: string): Promise<string> {
    const folder = await mkdtemp(join(tmpdir(), 'hyperpipe-target-'));
    folders.push(folder);
    await mkdir(join(folder, 'src'));
    await writeFile(join(folder, 'src/app.ts'), appSource);
    return folder;
  }
  afterEach(() => closeTargetApps());
  afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true }))));

  it('builds a fresh application, with a fresh catalogue, each time', async () => {
    const folder = await targetWith(
      'export function createApp(options) { return { handle: async () => new Response(String(options.database.prepare("select count(*) as n from speakers").get().n)) }; }',
    );
    setCheckContext({ target: folder });
    const first = await createTargetApp();
    const second = await createTargetApp();
    expect(first).not.toBe(second);
    const count = Number(await (await first.handle(new Request('http://x/'))).text());
    expect(count).toBeGreaterThan(0);
  });

  it('fails with a report when src/app.ts does not export createApp', async () => {
    setCheckContext({ target: await targetWith('export const app = 1;') });
    await expect(loadCreateApp()).rejects.toThrow(
      /src\/app.ts does not export createApp[\s\S]*exports: app/,
    );
  });

  it('fails with a report when src/app.ts cannot be imported', async () => {
    setCheckContext({ target: await targetWith('export function createApp( {') });
    await expect(loadCreateApp()).rejects.toThrow(/src\/app.ts could not be loaded/);
  });

  it('fails with a report when createApp throws or returns no application', async () => {
    setCheckContext({
      target: await targetWith('export function createApp() { throw new Error("no config"); }'),
    });
    await expect(createTargetApp()).rejects.toThrow(/createApp\(\) threw: no config/);
    setCheckContext({ target: await targetWith('export function createApp() { return 42; }') });
    await expect(createTargetApp()).rejects.toThrow(/did not return an application/);
  });
});

describe('withLocalConfig', () => {
  it('merges a temporary *.local.json over the global files, and always removes it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'hyperpipe-config-'));
    const autoload = join(folder, 'config/autoload');
    await mkdir(autoload, { recursive: true });
    await writeFile(join(autoload, 'app.global.json'), '{"cors":{"allow_origin":"*","x":1}}');
    setCheckContext({ target: folder });
    try {
      const merged = await withLocalConfig({ cors: { allow_origin: 'https://a.test' } }, () =>
        readTargetConfig(),
      );
      expect(merged).toEqual({ cors: { allow_origin: 'https://a.test', x: 1 } });
      await expect(
        withLocalConfig({}, async () => {
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await readdir(autoload)).toEqual(['app.global.json']);
    } finally {
      await rm(folder, { recursive: true });
    }
  });

  it("removes the files of killed check runs, never a running process's", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'hyperpipe-config-'));
    const autoload = join(folder, 'config/autoload');
    await mkdir(autoload, { recursive: true });
    // A process that has exited: the pid of a run killed before it could clean up.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(join(autoload, 'app.global.json'), '{"cors":{"allow_origin":"*"}}');
    await writeFile(join(autoload, `check-${dead}.local.json`), '{"cors":{"allow_origin":"x"}}');
    await writeFile(join(autoload, `check-${process.ppid}.local.json`), '{}');
    await writeFile(join(autoload, 'mine.local.json'), '{}');
    setCheckContext({ target: folder });
    try {
      expect(await removeStaleLocalConfigs()).toEqual([`check-${dead}.local.json`]);
      expect((await readdir(autoload)).sort()).toEqual(
        ['app.global.json', `check-${process.ppid}.local.json`, 'mine.local.json'].sort(),
      );
      // withLocalConfig clears them too before it writes its own.
      await writeFile(join(autoload, `check-${dead}.local.json`), '{"cors":{"allow_origin":"x"}}');
      const merged = await withLocalConfig({}, () => readTargetConfig());
      expect(merged).toEqual({ cors: { allow_origin: '*' } });
      expect(await readdir(autoload)).not.toContain(`check-${dead}.local.json`);
      expect(await removeStaleLocalConfigs(join(folder, 'missing'))).toEqual([]);
    } finally {
      await rm(folder, { recursive: true });
    }
  });

  it('fails with a report when the target has no config/autoload', async () => {
    setCheckContext({ target: join(tmpdir(), 'no-such-hyperpipe-target') });
    await expect(readTargetConfig()).rejects.toThrow(/config\/autoload is missing/);
  });
});

describe('serveTarget', () => {
  it('starts src/server.ts on a free PORT, and stop() ends it', async () => {
    setCheckContext({ target: join(SOLUTIONS_DIR, '01-hello') });
    const served = await serveTarget();
    const answer = await send('GET', '/', { origin: served.url });
    expect(answer.text).toBe('Hello from Hyperpipe!');
    // Traced (HYPERPIPE_TRACE=1), so that a failure report can show the pipeline.
    expect(answer.headers.get('server-timing')).toMatch(/route;desc="\/ /);
    await served.stop();
    expect(served.output()).toContain('Listening on');
    await expect(fetch(served.url)).rejects.toThrow();
  });

  it('says at once when src/server.ts listens on a port of its own instead of PORT', async () => {
    // Inside the repository (its .workshop/, ignored by git), where tsx resolves.
    await mkdir(join(SOLUTIONS_DIR, '../.workshop'), { recursive: true });
    const target = await mkdtemp(join(SOLUTIONS_DIR, '../.workshop/serve-'));
    try {
      await mkdir(join(target, 'src'));
      await writeFile(
        join(target, 'src/server.ts'),
        "import { createServer } from 'node:http';\n" +
          "createServer((_q, r) => r.end('x')).listen(0, '127.0.0.1', function () {\n" +
          "  console.log('Listening on http://localhost:' + this.address().port);\n" +
          '});\n',
      );
      setCheckContext({ target, step: '01-hello' });
      const started = Date.now();
      await expect(serveTarget({ hint: 4 })).rejects.toThrow(
        /listens on another port than PORT[\s\S]*while PORT was \d+[\s\S]*read hint 4/,
      );
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      await rm(target, { recursive: true, force: true });
    }
  });

  it('runs TypeScript that needs more than type stripping with tsx', async () => {
    await mkdir(join(SOLUTIONS_DIR, '../.workshop'), { recursive: true });
    const target = await mkdtemp(join(SOLUTIONS_DIR, '../.workshop/serve-'));
    try {
      await mkdir(join(target, 'src'));
      // An enum, and an import without its .ts: Node alone refuses both.
      await writeFile(
        join(target, 'src/app.ts'),
        "enum Greeting { Hello = 'Hello from an enum' }\nexport const greeting = Greeting.Hello;\n",
      );
      await writeFile(
        join(target, 'src/server.ts'),
        "import { createServer } from 'node:http';\nimport { greeting } from './app';\n" +
          'createServer((_q, r) => r.end(greeting)).listen(Number(process.env.PORT));\n',
      );
      setCheckContext({ target, step: '01-hello' });
      const served = await serveTarget();
      expect((await send('GET', '/', { origin: served.url })).text).toBe('Hello from an enum');
      await served.stop();
    } finally {
      await rm(target, { recursive: true, force: true });
    }
  });

  it('fails with the output when src/server.ts ends without serving', async () => {
    setCheckContext({ target: join(EXERCISES_DIR, '01-hello/starter'), step: '01-hello' });
    await expect(serveTarget({ hint: 4 })).rejects.toThrow(
      /src\/server.ts stopped without serving[\s\S]*exit code 0[\s\S]*read hint 4/,
    );
  });
});

describe('workshop serve --trace', () => {
  it('takes the flag, and prints the trace of each request the server answers', async () => {
    expect(parseCommandLine(['serve', '--trace']).flags.trace).toBe(true);
    const port = await freePort();
    const stop = new AbortController();
    const server = startServer({
      file: join(PING_SOLUTION, 'src/server.ts'),
      cwd: PING_SOLUTION,
      port: String(port),
      trace: true,
      stdio: 'pipe',
      signal: stop.signal,
    });
    let errors = '';
    server.stderr?.on('data', (chunk) => {
      errors += chunk;
    });
    try {
      await vi.waitFor(() => fetch(`http://127.0.0.1:${port}/ping`), { timeout: 10_000 });
      await vi.waitFor(() => expect(errors).toContain('answer: 200 from'), { timeout: 5000 });
      expect(errors).toMatch(/GET \/ping → 200 in \d+\.\d\d ms/);
      expect(errors).toMatch(/priority 1 +RoutingMiddleware +→ next\(\)/);
      expect(errors).toContain('route: /ping "/ping^GET" (GET)');
    } finally {
      stop.abort();
      await server;
    }
  });
});

describe("the workshop's servers", () => {
  it("open the catalogue they are given, the learner's own, seeded on first use", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'hyperpipe-catalogue-'));
    const catalogue = join(folder, 'conference.sqlite');
    const port = await freePort();
    const stop = new AbortController();
    const server = startServer({
      file: join(SOLUTIONS_DIR, '07-hal-speakers/src/server.ts'),
      cwd: join(SOLUTIONS_DIR, '07-hal-speakers'),
      port: String(port),
      stdio: 'pipe',
      signal: stop.signal,
      catalogue,
    });
    try {
      const response = await vi.waitFor(() => fetch(`http://127.0.0.1:${port}/speaker/1`), {
        timeout: 15_000,
        interval: 200,
      });
      expect(response.status).toBe(200);
      expect(existsSync(catalogue)).toBe(true);
    } finally {
      stop.abort();
      await server;
      await rm(folder, { recursive: true, force: true });
    }
  });
});

it("loads a target folder's createApp, whose application answers", async () => {
  const createApp = await loadCreateApp(PING_SOLUTION);
  const app = await createApp();
  const response = await app.handle(new Request('http://conference.test/ping'));
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ack: expect.any(Number) });
});
