import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import {
  CheckFailure,
  checkContext,
  type Exchange,
  expectResponse,
  expectThat,
  send,
} from '@hyperpipe/cli/harness';
import { describe, expect, it } from 'vitest';

const VENDOR = 'application/vnd.conference.v1+json';
const HAL = 'application/hal+json';
const JSON_TYPE = 'application/json';

/** A Content-Type header of this media type, whatever its parameters. */
const typeOf = (mediaType: string) =>
  new RegExp(`^${mediaType.replace(/[.+]/g, '\\$&')}\\s*(;|$)`, 'i');

const PROBLEM = typeOf('application/problem+json');

/** The titles of the statuses the negotiation refuses with: their reason phrases. */
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  406: 'Not Acceptable',
  415: 'Unsupported Media Type',
};

/** A problem of this status whose detail is `detail` (a text, or a pattern). */
function problem(status: number, detail: string | RegExp) {
  return {
    status,
    headers: { 'content-type': PROBLEM },
    json: {
      status,
      title: TITLES[status],
      detail: typeof detail === 'string' ? detail : expect.stringMatching(detail),
    },
  };
}

/** The id of an entity of a collection's first page, read in the API's default type. */
async function someId(resource: 'speaker' | 'talk', embedded: string): Promise<number> {
  const exchange = await send('GET', `/${resource}`);
  expectResponse(
    exchange,
    {
      status: 200,
      json: {
        _embedded: {
          [embedded]: expect.arrayContaining([expect.objectContaining({ id: expect.any(Number) })]),
        },
      },
    },
    { hint: 1 },
  );
  return (exchange.json as { _embedded: Record<string, { id: number }[]> })._embedded[embedded]?.[0]
    ?.id as number;
}

/** Checks that an answer carries the same document as `reference`, whatever its type. */
function expectSameDocument(exchange: Exchange, reference: Exchange, hint: number): void {
  expectThat(exchange.isJson && isDeepStrictEqual(exchange.json, reference.json), {
    expected: `the same document as ${reference.request.method} ${new URL(reference.request.url).pathname} with ${reference.request.headers.accept === undefined ? 'no Accept' : `Accept: ${reference.request.headers.accept}`}`,
    received: 'another document',
    exchange,
    hint,
  });
}

/** A row's request, as src/negotiation/predictions.ts writes it. */
interface PredictedRequest {
  method: string;
  path: string;
  accept?: string;
  contentType?: string;
  body?: string;
}

/** A row of src/negotiation/predictions.ts. */
interface Prediction {
  request: PredictedRequest;
  status: unknown;
  type: unknown;
}

const PREDICTIONS = 'src/negotiation/predictions.ts';

/**
 * The requests the learner predicts the answers of, each with the hint that explains the rule
 * that decides it. The answers are not here: the learner's server gives them.
 */
const TABLE: readonly { request: PredictedRequest; hint: number; rule: string }[] = [
  {
    request: { method: 'GET', path: '/speaker/1', accept: '*/*' },
    hint: 1,
    rule: 'a client that takes anything gets the default',
  },
  {
    request: { method: 'GET', path: '/speaker/1', accept: VENDOR },
    hint: 1,
    rule: 'a listed type goes to the client that asks for it',
  },
  {
    request: { method: 'GET', path: '/talk/1', accept: `${JSON_TYPE};q=0.5, ${VENDOR}` },
    hint: 1,
    rule: 'the highest q among the listed types wins',
  },
  {
    request: { method: 'GET', path: '/talk/1', accept: `${HAL};q=0.5, ${JSON_TYPE}` },
    hint: 1,
    rule: 'the highest q among the listed types wins',
  },
  {
    request: { method: 'GET', path: '/speaker', accept: `${VENDOR};q=0` },
    hint: 1,
    rule: 'q=0 means "not this type"',
  },
  {
    request: { method: 'GET', path: '/speaker', accept: 'text/html' },
    hint: 1,
    rule: 'an Accept that names nothing of the list is refused',
  },
  {
    request: { method: 'GET', path: '/speaker', accept: 'application/xml, */*;q=0.1' },
    hint: 1,
    rule: 'a wildcard, even at a low q, lets the server pick its default',
  },
  {
    request: { method: 'POST', path: '/speaker', contentType: 'text/plain', body: 'name=Ada' },
    hint: 5,
    rule: 'a body type missing from contentTypes is refused',
  },
  {
    request: { method: 'POST', path: '/speaker', contentType: HAL, body: '{"name": "Ada"}' },
    hint: 5,
    rule: 'the accept list is not the contentTypes list',
  },
  {
    request: { method: 'POST', path: '/speaker', contentType: VENDOR, body: '{"name": "Ada' },
    hint: 5,
    rule: 'a listed body type that does not parse is refused',
  },
  {
    request: { method: 'POST', path: '/speaker', contentType: VENDOR, body: '{}' },
    hint: 5,
    rule: 'a listed body type that parses reaches the resource',
  },
  {
    request: {
      method: 'POST',
      path: '/speaker',
      accept: 'text/html',
      contentType: 'text/plain',
      body: 'name=Ada',
    },
    hint: 8,
    rule: 'Accept is weighed before the body is looked at',
  },
];

/** A request in one line, as the failures show it. */
function showRequest({ method, path, accept, contentType, body }: PredictedRequest): string {
  return [
    `${method} ${path}`,
    accept === undefined ? 'no Accept' : `Accept: ${accept}`,
    ...(contentType === undefined ? [] : [`Content-Type: ${contentType}`]),
    ...(body === undefined ? [] : [`body ${JSON.stringify(body)}`]),
  ].join(', ');
}

function sameRequest(a: PredictedRequest, b: PredictedRequest): boolean {
  return (
    a.method === b.method &&
    a.path === b.path &&
    a.accept === b.accept &&
    a.contentType === b.contentType &&
    a.body === b.body
  );
}

/** The rows of the learner's src/negotiation/predictions.ts. */
async function readPredictions(): Promise<Prediction[]> {
  const file = join(checkContext().target, PREDICTIONS);
  let rows: unknown;
  try {
    rows = ((await import(pathToFileURL(file).href)) as { predictions?: unknown }).predictions;
  } catch (error) {
    throw new CheckFailure({
      summary: `${PREDICTIONS} could not be loaded`,
      expected: [`${PREDICTIONS}, exporting predictions: the table of requests and your answers`],
      received: [String(error)],
      hint: 8,
    });
  }
  const isRow = (row: unknown): row is Prediction =>
    typeof (row as Prediction | undefined)?.request?.method === 'string' &&
    typeof (row as Prediction).request.path === 'string';
  expectThat(Array.isArray(rows) && rows.every(isRow), {
    expected: `${PREDICTIONS} exports predictions, a list of { request, status, type }`,
    received: `predictions is ${Array.isArray(rows) ? 'a list with rows of another shape' : typeof rows}`,
    hint: 8,
  });
  return rows;
}

/** What the learner predicted, in one line. */
function showPrediction({ status, type }: Prediction): string {
  return `${String(status)} ${String(type)}`;
}

describe('step 11: content negotiation', () => {
  it('answers Accept: application/vnd.conference.v1+json in that type', async () => {
    const id = await someId('speaker', 'speakers');
    for (const path of [`/speaker/${id}`, '/talk?page=2']) {
      const reference = await send('GET', path);
      expectResponse(reference, { status: 200 }, { hint: 1 });
      const vendor = await send('GET', path, { headers: { accept: VENDOR } });
      expectResponse(
        vendor,
        { status: 200, headers: { 'content-type': typeOf(VENDOR) } },
        { hint: 1 },
      );
      expectSameDocument(vendor, reference, 1);
      // HEAD answers as GET does, in the type GET would take, without the body.
      expectResponse(
        await send('HEAD', path, { headers: { accept: VENDOR } }),
        { status: 200, headers: { 'content-type': typeOf(VENDOR) }, text: '' },
        { hint: 1 },
      );
    }
  });

  it('answers no Accept and Accept: */* with HAL, the default, and only what it cannot give with a 406', async () => {
    const id = await someId('speaker', 'speakers');
    const reference = await send('GET', `/speaker/${id}`);
    for (const accept of [undefined, '*/*', 'application/*']) {
      const exchange = await send('GET', `/speaker/${id}`, {
        headers: accept === undefined ? {} : { accept },
      });
      expectResponse(
        exchange,
        { status: 200, headers: { 'content-type': typeOf(HAL) } },
        { hint: 1 },
      );
      expectSameDocument(exchange, reference, 1);
    }
    for (const path of ['/speaker', `/speaker/${id}`, '/talk']) {
      const exchange = await send('GET', path, { headers: { accept: 'text/html' } });
      expectResponse(exchange, problem(406, 'Cannot honor Accept type specified'), { hint: 1 });
    }
    // A fallback the API can give, even at a low q, is not a 406.
    const fallback = await send('GET', `/speaker/${id}`, {
      headers: { accept: `text/html, ${VENDOR};q=0.2` },
    });
    expectResponse(
      fallback,
      { status: 200, headers: { 'content-type': typeOf(VENDOR) } },
      { hint: 1 },
    );
  });

  it('picks the type the client prefers, by q-values', async () => {
    const id = await someId('talk', 'talks');
    const cases = [
      [`${JSON_TYPE};q=0.5, ${VENDOR}`, VENDOR],
      [`${VENDOR};q=0.1, ${HAL};q=0.9`, HAL],
      [`${HAL};q=0.5, ${JSON_TYPE}`, JSON_TYPE],
    ] as const;
    for (const [accept, type] of cases) {
      const exchange = await send('GET', `/talk/${id}`, { headers: { accept } });
      expectResponse(
        exchange,
        { status: 200, headers: { 'content-type': typeOf(type) } },
        { hint: 1 },
      );
    }
  });

  it('takes request bodies of the vendor type: POST /talk, PATCH /speaker/{id}', async () => {
    const id = await someId('speaker', 'speakers');
    const created = await send('POST', '/talk', {
      headers: { 'content-type': VENDOR },
      json: { title: 'Negotiated', day: '2027-05-19', start_time: '10:00', speakers: [id] },
    });
    expectResponse(
      created,
      { status: 201, headers: { location: /\/talk\/\d+$/ }, json: { title: 'Negotiated' } },
      { hint: 5 },
    );
    const patched = await send('PATCH', `/speaker/${id}`, {
      headers: { 'content-type': `${VENDOR}; charset=utf-8` },
      json: { twitter: '@negotiated' },
    });
    expectResponse(patched, { status: 200, json: { id, twitter: '@negotiated' } }, { hint: 5 });
  });

  it('takes both body types on every write route of both resources: POST and PATCH, speakers and talks', async () => {
    const speaker = await someId('speaker', 'speakers');
    const talk = await someId('talk', 'talks');
    for (const type of [JSON_TYPE, VENDOR]) {
      const talkBody = { title: 'Both types', day: '2027-05-19', speakers: [speaker] };
      // Each write, with its body, its status and what the answer shows of the body.
      const writes = [
        ['POST', '/speaker', { name: 'Both Types' }, 201, { name: 'Both Types' }],
        ['PATCH', `/speaker/${speaker}`, { twitter: '@both' }, 200, { twitter: '@both' }],
        ['POST', '/talk', talkBody, 201, { title: 'Both types' }],
        ['PATCH', `/talk/${talk}`, { start_time: '11:00' }, 200, { start_time: '11:00' }],
      ] as const;
      for (const [method, path, json, status, shown] of writes) {
        const exchange = await send(method, path, { headers: { 'content-type': type }, json });
        expectResponse(exchange, { status, json: shown }, { hint: 5 });
      }
    }
  });

  it('refuses other body types with a 415, and takes the same body as application/json', async () => {
    const body = JSON.stringify({ name: 'Plain' });
    for (const type of ['text/plain', HAL, 'application/x-www-form-urlencoded']) {
      const exchange = await send('POST', '/speaker', { headers: { 'content-type': type }, body });
      expectResponse(exchange, problem(415, 'Invalid content-type specified'), { hint: 5 });
    }
    for (const type of [JSON_TYPE, VENDOR]) {
      const exchange = await send('POST', '/speaker', { headers: { 'content-type': type }, body });
      expectResponse(exchange, { status: 201, json: { name: 'Plain' } }, { hint: 5 });
    }
  });

  it('answers malformed JSON of either body type with a 400 JSON decoding error', async () => {
    for (const type of [JSON_TYPE, VENDOR]) {
      const exchange = await send('POST', '/speaker', {
        headers: { 'content-type': type },
        body: '{"name": "Unfinished',
      });
      expectResponse(exchange, problem(400, /^JSON decoding error: \S/), { hint: 5 });
    }
  });

  it(`answers the table of requests in ${PREDICTIONS} as predicted`, async () => {
    const rows = await readPredictions();
    const missing = TABLE.filter(
      (row) => !rows.some((own) => sameRequest(own.request, row.request)),
    );
    expectThat(missing.length === 0, {
      expected: [
        `a row for each request of the table, found by its request: ${missing.length} missing`,
        ...missing.map(({ request }) => `  ${showRequest(request)}`),
      ],
      received:
        'rows whose requests were changed or deleted: put them back as the starter has them',
      hint: 8,
    });
    const open = rows.filter(
      (row) => typeof row.status !== 'number' || typeof row.type !== 'string' || row.type === '?',
    );
    expectThat(open.length === 0, {
      expected: [
        'every prediction made before the check sends the requests: a status and a media type',
        ...open.map((row) => `  ${showRequest(row.request)}: still ${showPrediction(row)}`),
      ],
      received: `${open.length} of ${rows.length} rows still open`,
      hint: 8,
    });
    const wrong: { row: Prediction; exchange: Exchange; answer: string }[] = [];
    for (const row of rows) {
      const { method, path, accept, contentType, body } = row.request;
      const headers: Record<string, string> = {};
      if (accept !== undefined) headers.accept = accept;
      if (contentType !== undefined) headers['content-type'] = contentType;
      const exchange = await send(method, path, { headers, body });
      const type = (exchange.headers.get('content-type') ?? 'no Content-Type')
        .split(';')[0]
        ?.trim()
        .toLowerCase();
      const answer = `${exchange.status} ${type}`;
      if (answer !== showPrediction(row)) wrong.push({ row, exchange, answer });
    }
    const [first] = wrong;
    if (first === undefined) return;
    const known = TABLE.find((entry) => sameRequest(entry.request, first.row.request));
    expectThat(false, {
      expected: [
        `${showPrediction(first.row)}, as ${PREDICTIONS} predicts`,
        `(${known ? `the rule: ${known.rule}` : 'a row of your own'})`,
        'Either the prediction or the configuration is off: the checks above judge the',
        'configuration alone. When they pass, the prediction is what to correct.',
        ...(wrong.length > 1
          ? [
              `${wrong.length - 1} more answered otherwise than predicted:`,
              ...wrong
                .slice(1)
                .map(
                  ({ row, answer }) =>
                    `  ${showRequest(row.request)}: predicted ${showPrediction(row)}, answered ${answer}`,
                ),
            ]
          : []),
      ],
      received: `the API answered ${first.answer}`,
      exchange: first.exchange,
      hint: known?.hint ?? 8,
    });
  });
});
