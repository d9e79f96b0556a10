/**
 * The start-up of a hello world on `hyperpipe`: how many modules it loads and how long a
 * fresh Node process takes from its start to a closed server, the median of several runs.
 * Not part of `npm test`.
 *
 *   node bench/startup.ts [repository root, this one by default] [runs, 15 by default]
 *
 * Point it at a checkout of another commit to compare (its `framework/` is imported by path).
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(process.argv[2] ?? '.');
const runs = Number(process.argv[3] ?? 15);
const framework = pathToFileURL(join(root, 'framework/src/index.ts')).href;

// Records every module loaded, ES and CommonJS, then serves and stops a hello world.
const HELLO_WORLD = `
import { registerHooks } from 'node:module';
const loaded = [];
registerHooks({ load: (url, context, next) => (loaded.push(url), next(url, context)) });
const { createApplication, json } = await import(${JSON.stringify(framework)});
const app = createApplication();
app.get('/', () => json({ hello: 'world' }));
await (await app.run({ port: 0, hostname: '127.0.0.1' })).close();
const { user, system } = process.cpuUsage();
console.log(JSON.stringify({ loaded, cpu: (user + system) / 1000 }));
`;

function once(): { ms: number; cpu: number; loaded: string[] } {
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--input-type=module', '--eval', HELLO_WORLD], {
    cwd: root,
    encoding: 'utf8',
  });
  const ms = performance.now() - started;
  if (child.status !== 0) throw new Error(child.stderr);
  return { ms, ...(JSON.parse(child.stdout) as { cpu: number; loaded: string[] }) };
}

const results = Array.from({ length: runs }, once);
const loaded = results[0]?.loaded ?? [];
const median = (values: number[]) =>
  values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const own = loaded.filter((url) => url.includes('/framework/src/'));
const packages = new Set(
  loaded.flatMap((url) => url.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1] ?? []),
);
console.log(`Node ${process.version}, ${runs} runs`);
console.log(
  `modules loaded: ${loaded.length} (framework ${own.length}; packages: ${[...packages].sort().join(', ')})`,
);
// CPU time is the steadier figure on a busy machine; wall time is what a user waits.
console.log(
  `start to closed server, median: ${median(results.map((r) => r.ms)).toFixed(0)} ms wall, ` +
    `${median(results.map((r) => r.cpu)).toFixed(0)} ms CPU`,
);
