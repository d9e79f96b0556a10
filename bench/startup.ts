/**
 * Start-up: how many modules a program loads and how long a fresh Node process takes from
 * its start to a closed server, the median of several runs, for two programs:
 *
 * - a hello world on `hyperpipe` (one route, `app.run()`, closed at once);
 * - the conference API (`createConferenceApp()`, `app.run()`, one `GET /speaker/1` answered
 *   from the seeded catalogue, closed), with its configuration, authentication and SQLite.
 *
 * Not part of `npm test`.
 *
 *   node bench/startup.ts [repository root, this one by default] [runs, 15 by default]
 *
 * Point it at a checkout of another commit to compare (its files are imported by path).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(process.argv[2] ?? '.');
const runs = Number(process.argv[3] ?? 15);
const fileUrl = (path: string) => JSON.stringify(pathToFileURL(join(root, path)).href);

// Each program records every module loaded, ES and CommonJS, then prints them with its CPU time.
const RECORD = `
import { registerHooks } from 'node:module';
const loaded = [];
registerHooks({ load: (url, context, next) => (loaded.push(url), next(url, context)) });
`;
const REPORT = `
const { user, system } = process.cpuUsage();
console.log(JSON.stringify({ loaded, cpu: (user + system) / 1000 }));
`;

const PROGRAMS = {
  'hello world': `${RECORD}
const { createApplication, json } = await import(${fileUrl('framework/src/index.ts')});
const app = createApplication();
app.get('/', () => json({ hello: 'world' }));
await (await app.run({ port: 0, hostname: '127.0.0.1' })).close();
${REPORT}`,
  // Until its first answer: the catalogue and the resources open on first use.
  'conference API': `${RECORD}
const { createConferenceApp } = await import(${fileUrl('conference/src/createConferenceApp.ts')});
const app = await createConferenceApp();
const server = await app.run({ port: 0, hostname: '127.0.0.1' });
const answer = await fetch(server.url + '/speaker/1', { headers: { accept: 'application/hal+json' } });
if (answer.status !== 200) throw new Error('GET /speaker/1 answered ' + answer.status);
await answer.arrayBuffer();
await server.close();
${REPORT}`,
};

interface Run {
  ms: number;
  cpu: number;
  loaded: string[];
}

function once(program: string, env: NodeJS.ProcessEnv): Run {
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--input-type=module', '--eval', program], {
    cwd: root,
    encoding: 'utf8',
    env,
  });
  const ms = performance.now() - started;
  if (child.status !== 0) throw new Error(child.stderr);
  return { ms, ...(JSON.parse(child.stdout) as { cpu: number; loaded: string[] }) };
}

const median = (values: number[]) =>
  values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

// The conference API's files in a folder of their own: the first run seeds the catalogue
// there, and the repository's data/ is left alone.
const data = mkdtempSync(join(tmpdir(), 'hyperpipe-startup-'));
const env = {
  ...process.env,
  CONFERENCE_DB: join(data, 'conference.sqlite'),
  CONFERENCE_OAUTH_DB: join(data, 'oauth.sqlite'),
};
console.log(`Node ${process.version}, ${runs} runs each`);
try {
  // The first run of each program is discarded: it seeds the catalogue and fills caches.
  for (const [name, program] of Object.entries(PROGRAMS)) {
    once(program, env);
    const results = Array.from({ length: runs }, () => once(program, env));
    const loaded = results[0]?.loaded ?? [];
    const own = loaded.filter((url) => !url.includes('/node_modules/') && url.startsWith('file:'));
    const packages = new Set(
      loaded.flatMap((url) => url.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1] ?? []),
    );
    console.log(`\n${name}`);
    console.log(
      `  modules loaded: ${loaded.length} (the repository's ${own.length}; packages: ${[...packages].sort().join(', ')})`,
    );
    // CPU time is the steadier figure on a busy machine; wall time is what a user waits.
    console.log(
      `  start to closed server, median: ${median(results.map((r) => r.ms)).toFixed(0)} ms wall, ` +
        `${median(results.map((r) => r.cpu)).toFixed(0)} ms CPU`,
    );
  }
} finally {
  rmSync(data, { recursive: true, force: true });
}
