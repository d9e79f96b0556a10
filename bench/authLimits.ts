/**
 * What the limits on failed authentications let an attacker do, and what they cost everyone
 * else, against the conference API served as `npm run serve` serves it (a child process).
 * Not part of `npm test`: it runs for about three minutes.
 *
 *   npx tsx bench/authLimits.ts [repository root, this one by default] [phases]
 *
 * The phases, comma-separated, all by default: oneAddress, manyAddresses, latency, memory,
 * redisTrips (with a Redis server of its own: Debian's redis-server must be installed).
 *
 * Point it at a checkout of another commit to compare (its node_modules must resolve
 * `hyperpipe` to its own framework/). Each phase gets a fresh server, so no count carries
 * over. Requests come from loopback addresses of our choosing (127.x.y.z): each is a client.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? '.');
const PORT = 18_800;
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

interface Sent {
  status: number;
  ms: number;
  retryAfter: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(
  localAddress: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<Sent> {
  return new Promise((done) => {
    const started = performance.now();
    const options = { host: '127.0.0.1', port: PORT, method, path, headers, localAddress };
    request({ ...options, agent: false }, (answer) => {
      const retryAfter = Number(answer.headers['retry-after'] ?? 0);
      let text = '';
      answer.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      answer.on('end', () => {
        const ms = performance.now() - started;
        done({
          status: answer.statusCode ?? 0,
          ms,
          retryAfter,
          headers: answer.headers,
          body: text,
        });
      });
    })
      .on('error', () =>
        done({ status: 0, ms: performance.now() - started, retryAfter: 0, headers: {}, body: '' }),
      )
      .end(body);
  });
}

async function startServer(env: Record<string, string> = {}): Promise<ChildProcess> {
  const data = mkdtempSync(join(tmpdir(), 'auth-limits-bench-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'conference/src/serve.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(PORT),
        CONFERENCE_OAUTH_DB: join(data, 'oauth.sqlite'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // The first line comes before the server listens: wait for the one that gives its URL.
  await new Promise<void>((ready) => {
    let output = '';
    child.stdout?.on('data', function listening(chunk) {
      output += chunk;
      if (!output.includes('Conference API on ')) return;
      child.stdout?.off('data', listening);
      ready();
    });
  });
  child.stdout?.resume();
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
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

/**
 * Redis round trips and commands per authenticated request, with the conference API on a Redis
 * server of its own (authentication.store), through a proxy that counts round trips: a trip
 * is the server writing after it last read an answer. Commands are Redis's own count.
 */
async function redisTrips(server: ChildProcess): Promise<void> {
  await stopServer(server);
  const redis = await startRedis();
  const proxy = await countingProxy(redis.port);
  const shared = await startServer({
    CONFERENCE_REDIS_URL: `redis://127.0.0.1:${proxy.port}/0`,
    CONFERENCE_DIGEST_KEY: 'a key for the bench, of at least 32 characters',
  });
  try {
    const measure = async (what: string, make: () => Promise<Sent>, runs = 20) => {
      const trips: number[] = [];
      const commands: number[] = [];
      for (let n = 0; n < runs; n++) {
        const [tripsBefore, commandsBefore] = [proxy.trips, await redis.commands()];
        const answer = await make();
        // What a request does after its answer (settling counts) belongs to it.
        await new Promise((done) => setTimeout(done, 30));
        trips.push(proxy.trips - tripsBefore);
        // INFO itself is a command.
        commands.push((await redis.commands()) - commandsBefore - 1);
        // Status 0 is no answer at all: a request that never reached the server.
        if (answer.status === 0 || answer.status >= 400)
          throw new Error(`${what}: ${answer.status} ${answer.body}`);
      }
      console.log(
        `${what}: ${plural(median(trips), 'round trip')}, ${plural(median(commands), 'command')} (medians of ${runs})`,
      );
    };
    const editor = owner();
    await send('127.0.0.1', 'GET', '/speaker/1', editor);
    await measure('Basic, GET /speaker/1 with the right password', () =>
      send('127.0.0.1', 'GET', '/speaker/1', editor),
    );
    await measure('Digest, GET /speaker/1, the nonce used again', digestClient());
    const tokenRequest = () =>
      send(
        '127.0.0.1',
        'POST',
        '/oauth',
        { 'content-type': 'application/x-www-form-urlencoded' },
        'grant_type=password&client_id=workshop&client_secret=workshop-secret&username=editor&password=hyperpipe-editor',
      );
    const bearer = {
      authorization: `Bearer ${JSON.parse((await tokenRequest()).body).access_token}`,
    };
    await measure('Bearer, GET /speaker/1', () => send('127.0.0.1', 'GET', '/speaker/1', bearer));
    await measure('token request, password grant', tokenRequest, 10);
    // Redis memory: wrong guesses naming made-up users, each from an address of its own.
    const before = await redis.info('used_memory');
    const started = performance.now();
    const counts = await flood(20, 8, () =>
      send(freshAddress(), 'GET', '/speaker/1', {
        authorization: basic(`nobody${next}`, `guess-${next++}`),
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const checked = counts[401] ?? 0;
    const perGuess = ((await redis.info('used_memory')) - before) / checked;
    const perHour = (checked / seconds) * 3600;
    console.log(
      `Redis memory per checked wrong guess from a new address: ${perGuess.toFixed(0)} bytes ` +
        `(${JSON.stringify(counts)} in ${seconds.toFixed(0)} s); a million such guesses: ` +
        `${((perGuess * 1e6) / 2 ** 20).toFixed(0)} MiB, kept an hour; this server checks at most ` +
        `${perHour.toFixed(0)} an hour, so at most ${((perGuess * perHour) / 2 ** 20).toFixed(0)} MiB`,
    );
  } finally {
    await stopServer(shared);
    proxy.server.close();
    redis.child.kill('SIGKILL');
  }
}

/** Requests with Digest (SHA-256) for editor, one nonce used with counts 1, 2, 3… */
function digestClient(): () => Promise<Sent> {
  let nonce = '';
  let count = 0;
  const h = (text: string) => createHash('sha256').update(text).digest('hex');
  return async () => {
    if (nonce === '') {
      const challenge = await send('127.0.0.1', 'PATCH', '/speaker/1', {}, '');
      const fields = [challenge.headers['www-authenticate'] ?? []].flat().join(', ');
      nonce = /nonce="([^"]+)"/.exec(fields)?.[1] ?? '';
    }
    count += 1;
    const nc = count.toString(16).padStart(8, '0');
    const ha1 = h('editor:conference:hyperpipe-editor');
    const response = h(`${ha1}:${nonce}:${nc}:c0ffee:auth:${h('GET:/speaker/1')}`);
    const authorization =
      `Digest username="editor", realm="conference", nonce="${nonce}", uri="/speaker/1", ` +
      `algorithm=SHA-256, qop=auth, nc=${nc}, cnonce="c0ffee", response="${response}"`;
    return send('127.0.0.1', 'GET', '/speaker/1', { authorization });
  };
}

/** A redis-server on a free port, saving nothing, and its count of commands processed. */
async function startRedis(): Promise<{
  child: ChildProcess;
  port: number;
  commands(): Promise<number>;
  info(field: string): Promise<number>;
}> {
  const port = await freePort();
  const args = ['--port', String(port), '--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((ready) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) ready();
    });
  });
  child.stdout?.resume();
  const info = (field: string) =>
    new Promise<number>((done) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('INFO\r\n'));
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
        const value = new RegExp(`${field}:(\\d+)`).exec(text);
        if (value) {
          socket.destroy();
          done(Number(value[1]));
        }
      });
    });
  return { child, port, commands: () => info('total_commands_processed'), info };
}

/** A TCP proxy to `port` that counts round trips: writes from the client after an answer. */
async function countingProxy(
  port: number,
): Promise<{ server: Server; port: number; trips: number }> {
  const counted = { server: createServer(), port: 0, trips: 0 };
  counted.server.on('connection', (client) => {
    const upstream = connect(port, '127.0.0.1');
    let answered = true;
    client.on('data', (chunk) => {
      if (answered) counted.trips += 1;
      answered = false;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      answered = true;
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  counted.port = await new Promise<number>((done) =>
    counted.server.listen(0, '127.0.0.1', () =>
      done((counted.server.address() as { port: number }).port),
    ),
  );
  return counted;
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

const PHASES: Record<string, (server: ChildProcess) => Promise<void>> = {
  oneAddress,
  manyAddresses,
  latency,
  memory,
  redisTrips,
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

/** `1 round trip`, `2 round trips`. */
function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
