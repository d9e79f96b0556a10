import { Agent, request as httpRequest } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { CatalogueIds } from './catalogues.ts';

/** What the clients saw over the whole soak. */
export interface TrafficResult {
  requests: number;
  /** Requests that got no answer: a reset, a refused connection, a timeout. */
  errors: number;
  /** The errors by operation and message, such as `GET /timezone: socket hang up`. */
  errorKinds: Record<string, number>;
  /** Answers by status class: `2xx`, `4xx`, `5xx`… */
  byClass: Record<string, number>;
  /** Answers of each operation by status, such as `POST /talk 422`: 4xx under races are normal. */
  byOperation: Record<string, number>;
  /** Milliseconds from sending to the end of the answer, of every answered request. */
  latencies: number[];
  /**
   * The longest the clients' own event loop was held up, in ms: a late answer measured
   * while the clients themselves were stalled is not the server's.
   */
  clientStallMs: number;
}

/** A client gives up on an answer after this long, and counts an error. */
const REQUEST_TIMEOUT_MS = 10_000;

interface Call {
  /** The operation, as the report names it. */
  operation: string;
  method: string;
  path: string;
  body?: unknown;
}

/**
 * The ids the clients pick from: the catalogue's, plus those they created, minus those
 * they deleted. Clients share it, so one deletes what another is about to link or change,
 * the races a catalogue without foreign keys must survive.
 */
class IdPool {
  readonly #ids: number[];
  constructor(ids: readonly number[]) {
    this.#ids = [...ids];
  }
  pick(): number {
    return this.#ids[Math.floor(Math.random() * this.#ids.length)] ?? 1;
  }
  add(id: number): void {
    this.#ids.push(id);
  }
  remove(id: number): void {
    const at = this.#ids.indexOf(id);
    if (at !== -1) this.#ids.splice(at, 1);
  }
}

const page = (last: number) => 1 + Math.floor(Math.random() * last);
const SITE = 'https://soak.example.org/';

/**
 * The mix: 70 % reads (pages and entities of both collections, version 2 speakers, the
 * time zone service) and 30 % writes (create, change and delete speakers and talks, with
 * talks linked to one or two speakers picked from the shared pool). Weights are per 100.
 */
function mix(speakers: IdPool, talks: IdPool): [number, () => Call][] {
  const twoSpeakers = () =>
    [speakers.pick(), speakers.pick()].filter((id, n, all) => all.indexOf(id) === n);
  const talk = () => ({ title: 'Soak talk', day: '2027-05-18', speakers: twoSpeakers() });
  return [
    [12, () => call('GET /speaker?page', `/speaker?page=${page(3)}`)],
    [12, () => call('GET /talk?page', `/talk?page=${page(5)}`)],
    [14, () => call('GET /speaker/{id}', `/speaker/${speakers.pick()}`)],
    [14, () => call('GET /talk/{id}', `/talk/${talks.pick()}`)],
    [6, () => call('GET /v2/speaker/{id}', `/v2/speaker/${speakers.pick()}`)],
    [12, () => call('GET /timezone', '/timezone')],
    [6, () => call('POST /speaker', '/speaker', { name: 'Soak speaker', twitter: '@soak' })],
    [4, () => call('PATCH /speaker/{id}', `/speaker/${speakers.pick()}`, { url: SITE })],
    [4, () => call('DELETE /speaker/{id}', `/speaker/${speakers.pick()}`)],
    [6, () => call('POST /talk', '/talk', talk())],
    [4, () => call('PATCH /talk/{id}', `/talk/${talks.pick()}`, { speakers: twoSpeakers() })],
    [2, () => call('PUT /talk/{id}', `/talk/${talks.pick()}`, talk())],
    [4, () => call('DELETE /talk/{id}', `/talk/${talks.pick()}`)],
  ];
}

/** A call of `operation`, whose first word is the method. */
function call(operation: string, path: string, body?: unknown): Call {
  return { operation, method: operation.split(' ')[0] as string, path, body };
}

function picker(choices: [number, () => Call][]): () => Call {
  const total = choices.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let roll = Math.random() * total;
    for (const [weight, call] of choices) {
      roll -= weight;
      if (roll < 0) return call();
    }
    return (choices[0] as [number, () => Call])[1]();
  };
}

/**
 * `connections` clients, each sending one request after the other over its own kept-alive
 * connection until `seconds` have passed. Writes carry `authorization`.
 */
export async function runTraffic(options: {
  url: string;
  ids: CatalogueIds;
  authorization: string;
  connections: number;
  seconds: number;
}): Promise<TrafficResult> {
  const speakers = new IdPool(options.ids.speakers);
  const talks = new IdPool(options.ids.talks);
  const next = picker(mix(speakers, talks));
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const result: TrafficResult = {
    requests: 0,
    errors: 0,
    errorKinds: {},
    byClass: {},
    byOperation: {},
    latencies: [],
    clientStallMs: 0,
  };
  const count = (record: Record<string, number>, key: string) => {
    record[key] = (record[key] ?? 0) + 1;
  };
  const end = Date.now() + options.seconds * 1000;
  const client = async () => {
    while (Date.now() < end) {
      const call = next();
      const start = performance.now();
      const answer = await send(agent, options.url, call, options.authorization);
      result.requests++;
      if (typeof answer === 'string') {
        result.errors++;
        count(result.errorKinds, `${call.operation}: ${answer}`);
        continue;
      }
      result.latencies.push(performance.now() - start);
      count(result.byClass, `${Math.floor(answer.status / 100)}xx`);
      count(result.byOperation, `${call.operation} ${answer.status}`);
      if (call.method === 'POST' && answer.status === 201 && answer.location) {
        const id = Number(answer.location.split('/').at(-1));
        (call.path === '/speaker' ? speakers : talks).add(id);
      }
      if (call.method === 'DELETE' && answer.status === 204) {
        const id = Number(call.path.split('/').at(-1));
        (call.path.startsWith('/speaker') ? speakers : talks).remove(id);
      }
    }
  };
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  await Promise.all(Array.from({ length: options.connections }, client));
  loopDelay.disable();
  result.clientStallMs = loopDelay.max / 1e6;
  agent.destroy();
  return result;
}

/** One request; resolves with its status and Location, or with the error that lost it. */
function send(
  agent: Agent,
  url: string,
  call: Call,
  authorization: string,
): Promise<{ status: number; location: string | undefined } | string> {
  return new Promise((resolve) => {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const headers: Record<string, string> = {};
    if (call.method !== 'GET') headers.authorization = authorization;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const request = httpRequest(
      `${url}${call.path}`,
      { method: call.method, headers, agent },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location }),
        );
        response.on('error', (error) => resolve(error.message));
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('no answer in time')));
    request.on('error', (error) => resolve(error.message));
    request.end(body);
  });
}
