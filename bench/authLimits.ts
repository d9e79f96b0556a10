/**
 * What the limits on failed authentications let an attacker do, and what they cost everyone
 * else, against the conference API served as `npm run serve` serves it (a child process).
 * Not part of `npm test`: it runs for about three minutes.
 *
 *   npx tsx bench/authLimits.ts [repository root, this one by default] [phases]
 *
 * The phases, comma-separated, all by default: oneAddress, manyAddresses, latency, memory.
 *
 * Point it at a checkout of another commit to compare (its node_modules must resolve
 * `hyperpipe` to its own framework/). Each phase gets a fresh server, so no count carries
 * over. Requests come from loopback addresses of our choosing (127.x.y.z): each is a client.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? '.');
const PORT = 18_800;
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

function send(
  localAddress: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; ms: number; retryAfter: number }> {
  return new Promise((done) => {
    const started = performance.now();
    const options = { host: '127.0.0.1', port: PORT, method, path, headers, localAddress };
    request({ ...options, agent: false }, (answer) => {
      const retryAfter = Number(answer.headers['retry-after'] ?? 0);
      answer.resume().on('end', () => {
        done({ status: answer.statusCode ?? 0, ms: performance.now() - started, retryAfter });
      });
    })
      .on('error', () => done({ status: 0, ms: performance.now() - started, retryAfter: 0 }))
      .end();
  });
}

async function startServer(): Promise<ChildProcess> {
  const data = mkdtempSync(join(tmpdir(), 'auth-limits-bench-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'conference/src/serve.ts')],
    {
      cwd: root,
      env: { ...process.env, PORT: String(PORT), CONFERENCE_OAUTH_DB: join(data, 'oauth.sqlite') },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((ready) => child.stdout?.once('data', () => ready()));
  child.stdout?.resume();
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((done) => child.once('exit', done));
}

const rssMb = (child: ChildProcess) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) / 1024;

let next = 0;
/** A fresh loopback address each call, from 127.1.0.1 on. */
function freshAddress(): string {
  next += 1;
  return `127.${1 + (next >> 16)}.${(next >> 8) & 255}.${next & 255 || 1}`;
}

/** Sends `make` for `seconds`, `concurrency` at a time; counts answers by status. */
async function flood(
  seconds: number,
  concurrency: number,
  make: () => Promise<{ status: number }>,
): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const { status } = await make();
        counts[status] = (counts[status] ?? 0) + 1;
      }
    }),
  );
  return counts;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

async function publicLatency(samples: number): Promise<number> {
  const times: number[] = [];
  for (let n = 0; n < samples; n++) {
    times.push((await send('127.0.0.1', 'GET', '/timezone')).ms);
    await new Promise((done) => setTimeout(done, 40));
  }
  return median(times);
}

const SECONDS = 20;
const editorGuess = (address: string) => () =>
  send(address, 'GET', '/speaker/1', { authorization: basic('editor', `guess-${next++}`) });
const owner = () => ({ authorization: basic('editor', 'hyperpipe-editor') });

/**
 * Guesses at editor from one address, or from 1,000 taking turns, for SECONDS; then how long
 * the guesser must wait, and the right password from the address where the owner signed in
 * before the attack and from a new address (a guess there: is it still checked?).
 */
async function guessing(addresses: readonly string[]): Promise<void> {
  expect200(await send('127.0.20.250', 'GET', '/speaker/1', owner()), 'the owner signing in');
  let turn = 0;
  const next = () => addresses[turn++ % addresses.length] as string;
  const counts = await flood(SECONDS, 8, () => editorGuess(next())());
  const wait = (await send(addresses[0] as string, 'GET', '/speaker/1', owner())).retryAfter;
  const known = (await send('127.0.20.250', 'GET', '/speaker/1', owner())).status;
  const fresh = (await send(freshAddress(), 'GET', '/speaker/1', owner())).status;
  console.log(
    `${addresses.length} address(es), ${SECONDS} s at editor: ${JSON.stringify(counts)}, ${counts[401] ?? 0} wrong guesses answered 401; ` +
      `the guesser's first address then waits ${wait} s; the right password from the owner's known address: ${known}, from a new address: ${fresh}`,
  );
}

function expect200(answer: { status: number }, what: string): void {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status}, not 200`);
}

const oneAddress = () => guessing(['127.0.20.1']);
const manyAddresses = () => guessing(Array.from({ length: 1000 }, () => freshAddress()));

/** GET /timezone quiet, and while 50 bogus Basic requests a second arrive, each from an address of its own. */
async function latency(): Promise<void> {
  const quiet = await publicLatency(60);
  let n = 0;
  const attack = setInterval(() => {
    n += 1;
    const authorization = basic(`user${n}`, `guess${n}`);
    void send(freshAddress(), 'GET', '/speaker/1', { authorization });
  }, 20);
  const loaded = await publicLatency(60);
  clearInterval(attack);
  console.log(
    `GET /timezone median: quiet ${quiet.toFixed(2)} ms, under 50 bogus Basic requests/s ${loaded.toFixed(2)} ms (${(loaded / quiet).toFixed(2)}x)`,
  );
}

/** 60 s of Digest failures naming distinct 12 KB users from fresh addresses: the server's RSS. */
async function memory(server: ChildProcess): Promise<void> {
  await send('127.0.0.1', 'GET', '/timezone');
  const before = rssMb(server);
  const long = 'u'.repeat(12 * 1024);
  const counts = await flood(60, 16, () => {
    const authorization =
      `Digest username="${long}${next++}", realm="conference", nonce="x", uri="/speaker/1", ` +
      'qop=auth, nc=00000001, cnonce="c", response="00"';
    return send(freshAddress(), 'GET', '/speaker/1', { authorization });
  });
  console.log(
    `60 s of Digest failures with distinct 12 KB user names: ${JSON.stringify(counts)}; server RSS ${before.toFixed(0)} → ${rssMb(server).toFixed(0)} MB`,
  );
}

const PHASES: Record<string, (server: ChildProcess) => Promise<void>> = {
  oneAddress,
  manyAddresses,
  latency,
  memory,
};
const chosen = process.argv[3]?.split(',') ?? Object.keys(PHASES);
console.log(`Node ${process.version}, ${root}`);
for (const name of chosen) {
  const phase = PHASES[name];
  if (phase === undefined) throw new Error(`No phase ${name}: ${Object.keys(PHASES).join(', ')}`);
  // A fresh server per phase: no count carries over.
  const server = await startServer();
  await phase(server).finally(() => stopServer(server));
}
