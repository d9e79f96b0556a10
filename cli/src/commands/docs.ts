import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, relative, resolve, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Flags, UsageError } from '../args.ts';
import { portProblem } from '../workshop/server.ts';
import { type CommandContext, commandHint } from './context.ts';

/** Where `npm run docs` writes the site, inside the repository. */
export const SITE_DIR = join('docs', 'api');

/** What the site is built from: a change to any of them makes the built site stale. */
const SITE_SOURCES = ['framework/src', 'docs', 'typedoc.json', 'typedoc.plugin.ts'];

const DEFAULT_PORT = 8090;
const HOST = '127.0.0.1';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
};

/** The newest modification time of the file `path`, or of the files in the folder `path`. */
function newest(path: string, skip: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.startsWith(skip))
    .reduce((latest, file) => Math.max(latest, statSync(file).mtimeMs), 0);
}

/** Whether the site in `root` is missing, or older than a file it is built from. */
export function siteIsStale(root: string): boolean {
  const index = join(root, SITE_DIR, 'index.html');
  if (!existsSync(index)) return true;
  const skip = join(root, SITE_DIR) + sep;
  const sources = Math.max(...SITE_SOURCES.map((source) => newest(join(root, source), skip)));
  return sources > statSync(index).mtimeMs;
}

/**
 * Builds the site unless it is fresh. A build another process has under way (a test, a
 * second terminal) is waited for rather than joined: two typedocs writing into one folder
 * would leave a mix. Resolves to typedoc's exit code, 0 when nothing needed building.
 */
export async function ensureSite(root: string, signal?: AbortSignal): Promise<number> {
  const lock = join(
    tmpdir(),
    `hyperpipe-docs-${createHash('sha256').update(root).digest('hex')}.lock`,
  );
  while (siteIsStale(root)) {
    if (tryLock(lock)) {
      try {
        return await buildSite(root, signal);
      } finally {
        rmSync(lock, { force: true });
      }
    }
    if (signal?.aborted) return 130;
    await sleep(500);
  }
  return 0;
}

/** Takes the lock file, or says another process holds it. */
function tryLock(lock: string): boolean {
  // No build takes five minutes: an older lock was left by a process that died.
  if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 5 * 60_000) rmSync(lock);
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

/** Builds the site as `npm run docs` does; typedoc's messages go to stderr. Resolves to its exit code. */
function buildSite(root: string, signal?: AbortSignal): Promise<number> {
  const typedoc = join(root, 'node_modules', 'typedoc', 'bin', 'typedoc');
  return new Promise((done) => {
    const child = execFile(process.execPath, [typedoc], { cwd: root, signal }, (error) =>
      done(error ? (typeof error.code === 'number' ? error.code : 1) : 0),
    );
    child.stdout?.pipe(process.stderr);
    child.stderr?.pipe(process.stderr);
  });
}

/**
 * What the documentation links to besides the site: the guides and the sources of the
 * repository's parts. Never the learner's working copy, the catalogue's data, local
 * configuration (`*.local.*`, which holds your own users and secrets) or hidden files.
 */
const SERVED_TOP_LEVEL = new Set([
  'docs',
  'framework',
  'catalogue',
  'conference',
  'cli',
  'exercises',
  'solutions',
  'examples',
  'bench',
  'README.md',
]);

/** Whether a path inside the repository (split into its parts) may be served. */
function servable(parts: readonly string[]): boolean {
  if (parts.length === 0 || !SERVED_TOP_LEVEL.has(parts[0] as string)) return false;
  return !parts.some(
    (part) =>
      part.startsWith('.') ||
      part === 'node_modules' ||
      part === 'data' ||
      part.includes('.local.'),
  );
}

/**
 * The file a URL path names inside `root`, or undefined when it names nothing servable (see
 * {@link servable}), or nothing at all.
 */
function fileFor(root: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split('?')[0] as string);
  } catch {
    return undefined;
  }
  const file = resolve(root, `.${path}`);
  const inside = relative(root, file);
  if (inside.startsWith('..') || !servable(inside.split(sep)) || !existsSync(file)) return;
  return file;
}

function listing(root: string, folder: string): string {
  const title = `/${relative(root, folder).split(sep).join('/')}`;
  const items = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => servable(relative(root, join(folder, entry.name)).split(sep)))
    .map((entry) => {
      const name = entry.isDirectory() ? `${entry.name}/` : entry.name;
      return `<li><a href="${encodeURIComponent(entry.name)}${entry.isDirectory() ? '/' : ''}">${name}</a></li>`;
    });
  return `<!doctype html><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><ul>${items.join('')}</ul>`;
}

/**
 * Serves the site and the repository's parts read-only, so that the site's links to the
 * framework's sources (its "Defined in" links, and the guides' links to files and folders)
 * work as they do on disk; nothing else of the checkout.
 */
function answer(root: string, request: IncomingMessage, response: ServerResponse): void {
  const path = request.url ?? '/';
  if (path === '/') {
    response.writeHead(302, { location: `/${SITE_DIR.split(sep).join('/')}/` }).end();
    return;
  }
  const file = fileFor(root, path);
  if (file === undefined) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
    return;
  }
  if (statSync(file).isDirectory()) {
    if (!path.endsWith('/')) {
      response.writeHead(301, { location: `${path}/` }).end();
    } else if (existsSync(join(file, 'index.html'))) {
      answerFile(join(file, 'index.html'), response);
    } else {
      response.writeHead(200, { 'content-type': TYPES['.html'] }).end(listing(root, file));
    }
    return;
  }
  answerFile(file, response);
}

function answerFile(file: string, response: ServerResponse): void {
  const type = TYPES[extname(file)] ?? 'text/plain; charset=utf-8';
  response.writeHead(200, { 'content-type': type });
  createReadStream(file).pipe(response);
}

function parsePort(port: string | undefined): number {
  if (port === undefined) return DEFAULT_PORT;
  if (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535) return Number(port);
  throw new UsageError(`--port must be a port number from 1 to 65535, not "${port}"`);
}

/** `workshop docs [--port N]`: builds the documentation site if needed, and serves it until Ctrl-C. */
export async function docs(ctx: CommandContext, flags: Flags): Promise<number> {
  const port = parsePort(flags.port);
  const problem = await portProblem(port, HOST);
  if (problem) {
    ctx.err(
      `Cannot serve the docs: ${problem} (such as: ${commandHint(`docs --port ${port + 1}`)}).`,
    );
    return 1;
  }
  const { root } = ctx.dirs;
  if (siteIsStale(root)) {
    ctx.err(`Building the documentation site into ${SITE_DIR} (npm run docs)…`);
    const code = await ensureSite(root, ctx.signal);
    if (ctx.signal.aborted) return 130;
    if (code !== 0) {
      ctx.err('The documentation site did not build: see typedoc’s messages above.');
      return 1;
    }
  }
  const server = createServer((request, response) => answer(root, request, response));
  await new Promise<void>((listening) => server.listen(port, HOST, listening));
  ctx.out(`The documentation: http://${HOST}:${port}/${SITE_DIR.split(sep).join('/')}/`);
  ctx.err('Ctrl-C stops the server.');
  await new Promise<void>((stopped) => {
    if (ctx.signal.aborted) stopped();
    ctx.signal.addEventListener('abort', () => stopped(), { once: true });
  });
  server.closeAllConnections();
  await new Promise((closed) => server.close(closed));
  return 130;
}
