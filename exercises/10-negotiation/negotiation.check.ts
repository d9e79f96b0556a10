import { isDeepStrictEqual } from 'node:util';
import { type Exchange, expectResponse, expectThat, send } from '@hyperpipe/cli/harness';
import { describe, expect, it } from 'vitest';

const VENDOR = 'application/vnd.conference.v1+json';
const HAL = 'application/hal+json';
const JSON_TYPE = 'application/json';

/** A Content-Type header of this media type, whatever its parameters. */
const typeOf = (mediaType: string) =>
  new RegExp(`^${mediaType.replace(/[.+]/g, '\\$&')}\\s*(;|$)`, 'i');

const PROBLEM = typeOf('application/problem+json');

/** A problem of this status whose detail is `detail` (a text, or a pattern). */
function problem(status: number, detail: string | RegExp) {
  return {
    status,
    headers: { 'content-type': PROBLEM },
    json: { status, detail: typeof detail === 'string' ? detail : expect.stringMatching(detail) },
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

describe('step 10: content negotiation', () => {
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
        { hint: 2 },
      );
      expectSameDocument(exchange, reference, 2);
    }
    for (const path of ['/speaker', `/speaker/${id}`, '/talk']) {
      const exchange = await send('GET', path, { headers: { accept: 'text/html' } });
      expectResponse(exchange, problem(406, 'Cannot honor Accept type specified'), { hint: 2 });
    }
    // A fallback the API can give, even at a low q, is not a 406.
    const fallback = await send('GET', `/speaker/${id}`, {
      headers: { accept: `text/html, ${VENDOR};q=0.2` },
    });
    expectResponse(
      fallback,
      { status: 200, headers: { 'content-type': typeOf(VENDOR) } },
      { hint: 2 },
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
        { hint: 3 },
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
      { hint: 4 },
    );
    const patched = await send('PATCH', `/speaker/${id}`, {
      headers: { 'content-type': `${VENDOR}; charset=utf-8` },
      json: { twitter: '@negotiated' },
    });
    expectResponse(patched, { status: 200, json: { id, twitter: '@negotiated' } }, { hint: 4 });
  });

  it('refuses other body types with a 415, and takes the same body as application/json', async () => {
    const body = JSON.stringify({ name: 'Plain' });
    for (const type of ['text/plain', HAL, 'application/x-www-form-urlencoded']) {
      const exchange = await send('POST', '/speaker', { headers: { 'content-type': type }, body });
      expectResponse(exchange, problem(415, 'Invalid content-type specified'), { hint: 4 });
    }
    for (const type of [JSON_TYPE, VENDOR]) {
      const exchange = await send('POST', '/speaker', { headers: { 'content-type': type }, body });
      expectResponse(exchange, { status: 201, json: { name: 'Plain' } }, { hint: 4 });
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
});
