import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ownProcess } from '../../framework/test/support/ownProcess.ts';
import { ensureSite, SITE_DIR, siteIsStale } from '../src/commands/docs.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORKSHOP = join(ROOT, 'cli', 'bin', 'workshop.js');

let child: ChildProcess | undefined;
let blocker: Server | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  child = undefined;
  blocker?.close();
  blocker = undefined;
});

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

/** Starts `workshop docs` with `args`; resolves to what it printed once it printed `until`, or exited. */
function startDocs(args: string[], until: RegExp): Promise<{ out: string; err: string }> {
  const started = spawn(process.execPath, [WORKSHOP, 'docs', ...args], { cwd: ROOT });
  ownProcess(started);
  child = started;
  let out = '';
  let err = '';
  return new Promise((resolve) => {
    const check = () => until.test(out + err) && resolve({ out, err });
    started.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      check();
    });
    started.stderr.on('data', (chunk: Buffer) => {
      err += chunk;
      check();
    });
    started.on('exit', () => resolve({ out, err }));
  });
}

/** GET `path` raw, so that `..` and encoded segments reach the server as written. */
function get(port: number, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type'] ?? response.headers.location),
          body,
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('workshop docs', () => {
  beforeAll(async () => {
    expect(await ensureSite(ROOT)).toBe(0);
  }, 180_000);

  it('serves the built site and the sources it links to, and prints its URL', async () => {
    const port = await freePort();
    const { out } = await startDocs(['--port', String(port)], /The documentation: \S+/);
    expect(out).toContain(`The documentation: http://127.0.0.1:${port}/docs/api/`);

    expect(await get(port, '/')).toMatchObject({ status: 302, type: '/docs/api/' });
    const index = await get(port, '/docs/api/');
    expect(index).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    expect(index.body).toContain('<title>Hyperpipe</title>');
    const source = await get(port, '/framework/src/http/responses.ts');
    expect(source).toMatchObject({ status: 200, type: 'text/plain; charset=utf-8' });
    expect(source.body).toContain('export function json');
    expect((await get(port, '/framework/src/')).body).toContain('<a href="http/">http/</a>');
  }, 60_000);

  it('serves nothing outside the repository, hidden or installed', async () => {
    const port = await freePort();
    await startDocs(['--port', String(port)], /The documentation: \S+/);
    for (const path of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/.git/HEAD']) {
      expect((await get(port, path)).status, path).toBe(404);
    }
    expect((await get(port, '/node_modules/typedoc/package.json')).status).toBe(404);
  }, 60_000);

  it('serves the documentation and the sources, never local configuration, data or workspace/', async () => {
    // Files git ignores, as a learner's checkout has them: their own users, the catalogue.
    // The local file is one the configuration loader never reads (.yaml): the conference
    // tests running beside this one load that folder, and would meet it, then lose it.
    const secrets = [
      'conference/config/autoload/docs-test.local.yaml',
      'data/docs-test.sqlite',
      'workspace/docs-test.ts',
    ];
    // Folders made here go again, when nothing else has written into them meanwhile.
    const made = secrets.map((file) => dirname(join(ROOT, file))).filter((dir) => !existsSync(dir));
    for (const file of secrets) {
      mkdirSync(dirname(join(ROOT, file)), { recursive: true });
      writeFileSync(join(ROOT, file), 'export default { secret: true };\n');
    }
    try {
      const port = await freePort();
      await startDocs(['--port', String(port)], /The documentation: \S+/);
      for (const file of secrets) expect((await get(port, `/${file}`)).status, file).toBe(404);
      expect((await get(port, '/conference/config/autoload/')).body).not.toContain('docs-test');
      expect((await get(port, '/package-lock.json')).status).toBe(404);
      expect((await get(port, '/conference/config/autoload/rest.global.ts')).status).toBe(200);
    } finally {
      for (const file of secrets) rmSync(join(ROOT, file), { force: true });
      for (const dir of made) {
        try {
          rmdirSync(dir);
        } catch {}
      }
    }
  }, 60_000);

  it('says which port to try when its port is taken', async () => {
    blocker = createServer().listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const { port } = blocker.address() as AddressInfo;
    const { err } = await startDocs(['--port', String(port)], /Cannot serve/);
    expect(err).toContain(`Cannot serve the docs: port ${port} is in use, try --port ${port + 1}`);
    if (child?.exitCode === null) await once(child, 'exit');
    expect(child?.exitCode).toBe(1);
  }, 60_000);

  it('builds once when two processes ask for a stale site at the same time', async () => {
    const root = mkdtempSync(join(tmpdir(), 'docs-site-'));
    try {
      // A stand-in for typedoc that notes each run and writes the site's index.
      mkdirSync(join(root, 'node_modules', 'typedoc', 'bin'), { recursive: true });
      writeFileSync(
        join(root, 'node_modules', 'typedoc', 'bin', 'typedoc'),
        `const fs = require('node:fs');
fs.appendFileSync('runs.log', 'run\\n');
fs.mkdirSync('docs/api', { recursive: true });
fs.writeFileSync('docs/api/index.html', '');`,
      );
      mkdirSync(join(root, 'docs'));
      writeFileSync(join(root, 'docs', 'framework.md'), '# The framework\n');
      utimesSync(join(root, 'docs', 'framework.md'), 1000, 1000);
      expect(await Promise.all([ensureSite(root), ensureSite(root)])).toEqual([0, 0]);
      expect(readFileSync(join(root, 'runs.log'), 'utf8')).toBe('run\n');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('counts the site stale when it is missing or older than a file it is built from', () => {
    const root = mkdtempSync(join(tmpdir(), 'docs-site-'));
    try {
      const write = (path: string, time: number) => {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), '');
        utimesSync(join(root, path), time, time);
      };
      write('framework/src/http/responses.ts', 1000);
      write('docs/framework.md', 1000);
      expect(siteIsStale(root)).toBe(true);
      write(`${SITE_DIR}/index.html`, 2000);
      expect(siteIsStale(root)).toBe(false);
      write('docs/framework.md', 3000);
      expect(siteIsStale(root)).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
