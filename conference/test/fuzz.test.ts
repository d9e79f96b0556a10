import { Agent, request as httpRequest } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import type { RunningServer } from 'hyperpipe/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestConference } from './support/conference.ts';

// 100 runs of 100 concurrent generated requests: 10,000 requests over real sockets, the
// way a hostile or careless client might send them. Whatever comes in, the server answers
// every request, never with a 5xx, and stays up without growing.
const RUNS = 100;
const REQUESTS_PER_RUN = 100;
const WARM_UP_RUNS = 10;
/**
 * How much memory the process may keep after the 10,000 requests, measured after a full
 * garbage collection: the JavaScript heap plus what it holds outside (Buffers, the bodies of
 * up to 1 MiB). A leak of 2 KiB a request would fail. Not RSS: it also holds pages the
 * allocator keeps for reuse after the 100 concurrent 1 MiB bodies (it grew 250 to 330 MiB on
 * Node 22 with no leak), so it measured the allocator, not the server.
 */
const RETAINED_GROWTH_LIMIT = 20 * 1024 * 1024;
/** The largest generated body: past the API's 1 MiB limit. */
const MAX_BODY = 1024 * 1024 + 64 * 1024;

// The test needs a full collection on demand, as `node --expose-gc` offers.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function retainedAfterCollection(): number {
  collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

let server: RunningServer;
const agent = new Agent({ keepAlive: true, maxSockets: 32 });
beforeAll(async () => {
  const { app } = await createTestConference();
  server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
});
afterAll(async () => {
  agent.destroy();
  await server?.close();
});

interface Generated {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const id = fc.oneof(
  fc.integer({ min: 1, max: 130 }),
  fc.constantFrom('0', '-1', 'abc', '1.5', '01', '1e3', '9007199254740993', '%00', '..'),
);
const path = fc.oneof(
  fc.constantFrom('/speaker', '/talk', '/timezone', '/v1/speaker', '/v2/speaker', '/', '/oauth'),
  id.map((value) => `/speaker/${value}`),
  id.map((value) => `/talk/${value}`),
  id.map((value) => `/v2/speaker/${value}`),
  fc
    .tuple(fc.constantFrom('/speaker', '/talk'), fc.string({ maxLength: 12 }))
    .map(([base, page]) => `${base}?page=${encodeURIComponent(page)}`),
  fc.webPath().map((value) => value || '/'),
);
const method = fc.constantFrom(
  'GET',
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'HEAD',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
);
const field = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('2027-05-18', '2027-02-30', '09:30', '25:00', 'Europe/Paris', 'Mars/Base'),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.integer({ min: -2, max: 140 }), { maxLength: 4 }),
);
const body = fc.oneof(
  fc.constant(undefined),
  fc
    .dictionary(
      fc.constantFrom(
        'name',
        'url',
        'twitter',
        'title',
        'abstract',
        'day',
        'start_time',
        'speakers',
        'timezone',
        'x',
      ),
      field,
      { maxKeys: 5 },
    )
    .map((value) => JSON.stringify(value)),
  fc.json({ maxDepth: 2 }),
  fc.string({ maxLength: 60 }),
  // Large bodies, a few past the 1 MiB limit, sent to routes that read them and to routes
  // that answer without reading them; rare enough to keep the run short.
  fc
    .oneof(
      { arbitrary: fc.nat({ max: 16 * 1024 }), weight: 9 },
      { arbitrary: fc.nat({ max: MAX_BODY }), weight: 1 },
    )
    .map((size) => JSON.stringify({ name: 'x'.repeat(size) })),
);
const headers = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'application/hal+json',
      'application/vnd.conference.v2+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
      '',
    ),
    accept: fc.constantFrom(
      '*/*',
      'application/hal+json',
      'application/vnd.conference.v1+json',
      'application/vnd.conference.v9+json',
      'text/html',
      'application/json;q=0, */*;q=0',
    ),
    authorization: fc.constantFrom(
      basicAuth('editor'),
      basicAuth('learner'),
      basicAuth('editor', 'wrong'),
      'Bearer nonsense',
      'Digest username="editor"',
    ),
    connection: fc.constant('close'),
  },
  { requiredKeys: [] },
);
const generated: fc.Arbitrary<Generated> = fc.record({ method, path, headers, body });

/** What {@link sendRaw} resolves with for a 503 that says when to retry. */
const SHED = 0;

/**
 * Sends one request; resolves with its status ({@link SHED} for a 503 with Retry-After), or
 * with the error that lost the answer.
 */
function sendRaw({ method, path, headers, body }: Generated): Promise<number | string> {
  return new Promise((resolve) => {
    const request = httpRequest(
      { host: '127.0.0.1', port: server.port, method, path, headers, agent },
      (response) => {
        response.resume();
        const shed = response.statusCode === 503 && response.headers['retry-after'] !== undefined;
        response.on('end', () => resolve(shed ? SHED : (response.statusCode ?? 0)));
        response.on('error', (error) => resolve(`response error: ${error.message}`));
      },
    );
    request.on('error', (error) =>
      resolve(`${method} ${path} (body ${body?.length ?? 0} bytes): ${error.message}`),
    );
    // Half the bodies go chunked, as fuzzers and proxies send them, half with a length. The
    // framing is explicit: for a GET or a DELETE node:http would send neither, and the body
    // would reach the server as the next request's bytes (unreadBodies.test.ts sends those).
    if (body !== undefined && body.length % 2 === 0) {
      request.setHeader('transfer-encoding', 'chunked');
      request.write(body);
    } else if (body !== undefined) {
      request.setHeader('content-length', Buffer.byteLength(body));
      request.write(body);
    }
    request.end();
  });
}

/**
 * The run's seed and, to replay one failing case, its path: `FUZZ_SEED=-1431264104
 * FUZZ_PATH=63 npx vitest run conference/test/fuzz.test.ts`. A failure prints both.
 */
function replayParameters(): { seed: number; path?: string } {
  const seed = process.env.FUZZ_SEED;
  const path = process.env.FUZZ_PATH || undefined;
  const parsed = seed ? Number(seed) : (Math.random() * 2 ** 32) | 0;
  if (!Number.isSafeInteger(parsed)) throw new Error(`FUZZ_SEED must be an integer, not ${seed}`);
  return path === undefined ? { seed: parsed } : { seed: parsed, path };
}

describe('10,000 generated requests over real sockets', () => {
  it('are all answered, none with a 5xx, by a server that stays up and does not grow', async () => {
    let sent = 0;
    let before: number | undefined;
    const property = fc.asyncProperty(
      fc.array(generated, { minLength: REQUESTS_PER_RUN, maxLength: REQUESTS_PER_RUN }),
      async (requests) => {
        // The first runs warm up what a process allocates once (compiled code, buffer pools,
        // the catalogue's pages); growth after them is what many more requests add.
        if (sent === WARM_UP_RUNS * REQUESTS_PER_RUN) {
          before = retainedAfterCollection();
        }
        const answers = await Promise.all(requests.map(sendRaw));
        sent += requests.length;
        const bad = answers.filter((answer) => typeof answer === 'string' || answer >= 500);
        // A 503 with Retry-After is the server shedding load on purpose: at most 16 password
        // checks wait for the hashing worker (issue 25), and a run sends up to 100 at once.
        // sendRaw reports it as SHED, not as 503.
        expect(bad).toEqual([]);
      },
    );
    // One seed for the whole run, so that its seed and path replay a failure exactly.
    const details = await fc.check(property, {
      ...replayParameters(),
      numRuns: WARM_UP_RUNS + RUNS,
      endOnFailure: true,
    });
    if (details.failed) {
      const replay = `FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath}`;
      const why = details.errorInstance instanceof Error ? details.errorInstance.message : '';
      throw new Error(`${why}\nReplay with ${replay}\n${fc.defaultReportMessage(details)}`, {
        cause: details.errorInstance,
      });
    }
    expect(await sendRaw({ method: 'GET', path: '/timezone', headers: {}, body: undefined })).toBe(
      200,
    );
    // A replayed path runs one case only: nothing to measure growth against.
    if (before === undefined) return;
    expect(sent).toBeGreaterThanOrEqual((WARM_UP_RUNS + RUNS) * REQUESTS_PER_RUN);
    expect(retainedAfterCollection() - before).toBeLessThan(RETAINED_GROWTH_LIMIT);
  }, 300_000);
});
