import {
  checkContext,
  expectResponse,
  expectThat,
  type ServedTarget,
  satisfies,
  send,
  serveTarget,
} from '@hyperpipe/cli/harness';
import { describe, expect, it } from 'vitest';

const PROBLEM = /^application\/problem\+json/;
/** The zone this process runs in, as the application it builds in-process reports it. */
const OWN_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** A zone for a server of the checks' own, unlike this machine's and any a learner would write. */
const OTHER_ZONE = OWN_ZONE === 'Pacific/Chatham' ? 'Asia/Kathmandu' : 'Pacific/Chatham';

/**
 * Starts src/server.ts in `zone`: the server's process reads TZ from the environment it
 * inherits from this one, where TZ changes nothing once started (a thread's copy).
 */
async function serveInZone(zone: string): Promise<ServedTarget> {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    return await serveTarget({ hint: 1 });
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

const timeZone = satisfies((value) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value as string });
    return typeof value === 'string';
  } catch {
    return false;
  }
}, 'an IANA time zone name, such as "Europe/Paris" or "UTC"');

const failedValidation = {
  status: 422,
  headers: { 'content-type': PROBLEM },
  json: {
    status: 422,
    title: 'Unprocessable Entity',
    detail: 'Failed Validation',
    validation_messages: { timezone: expect.any(Object) },
  },
};

describe('step 05: the time zone service', () => {
  it('answers GET /timezone with the server time zone, as JSON', async () => {
    const exchange = await send('GET', '/timezone');
    expectResponse(
      exchange,
      {
        status: 200,
        headers: { 'content-type': /^application\/json/ },
        json: { timezone: timeZone },
      },
      { hint: 1 },
    );
    // In-process, the application runs in this process's zone; a live server (--url) may not.
    if (!checkContext().url) {
      expectResponse(exchange, { json: { timezone: OWN_ZONE } }, { hint: 1 });
    }
  });

  it(`answers GET /timezone with the zone of the server's process: ${OTHER_ZONE} when started with TZ=${OTHER_ZONE}`, async () => {
    const server = await serveInZone(OTHER_ZONE);
    try {
      const exchange = await send('GET', '/timezone', { origin: server.url });
      expectResponse(exchange, { status: 200, json: { timezone: OTHER_ZONE } }, { hint: 1 });
    } finally {
      await server.stop();
    }
  });

  it('answers HEAD /timezone as GET, without a body: a HEAD is no POST', async () => {
    const exchange = await send('HEAD', '/timezone');
    expectResponse(
      exchange,
      { status: 200, headers: { 'content-type': /^application\/json/ }, text: '' },
      { hint: 1 },
    );
  });

  it('refuses every method but GET, HEAD and POST: PUT and DELETE /timezone are 405, Allow: GET,HEAD,POST', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const exchange = await send(method, '/timezone');
      expectResponse(exchange, { status: 405, headers: { allow: 'GET,HEAD,POST' } }, { hint: 1 });
    }
  });

  it('accepts a valid time zone sent as JSON: POST /timezone', async () => {
    const exchange = await send('POST', '/timezone', { json: { timezone: 'Europe/Paris' } });
    expectThat(exchange.status !== 405, {
      expected: 'the /timezone route to allow POST as well as GET',
      received: 'a 405: the route allows GET only',
      exchange,
      hint: 1,
    });
    expectResponse(exchange, { status: 200, json: { timezone: 'Europe/Paris' } }, { hint: 4 });
  });

  it('accepts a valid time zone sent as a form: POST /timezone', async () => {
    const exchange = await send('POST', '/timezone', { form: { timezone: 'America/New_York' } });
    expectResponse(exchange, { status: 200, json: { timezone: 'America/New_York' } }, { hint: 7 });
  });

  it('answers other methods with a 405 problem that keeps Allow', async () => {
    const exchange = await send('DELETE', '/timezone');
    expectResponse(
      exchange,
      {
        status: 405,
        headers: { allow: 'GET,HEAD,POST', 'content-type': PROBLEM },
        json: { status: 405, title: 'Method Not Allowed' },
      },
      { hint: 12 },
    );
  });

  it('answers an unknown time zone with a 422 Failed Validation problem', async () => {
    const exchange = await send('POST', '/timezone', { json: { timezone: 'Mars/Olympus_Mons' } });
    expectResponse(exchange, failedValidation, { hint: 9 });
  });

  it('answers a missing or non-text time zone with a 422 Failed Validation problem', async () => {
    expectResponse(await send('POST', '/timezone', { json: {} }), failedValidation, { hint: 9 });
    // A body that is not an object has no timezone to read: still a 422, never a 500.
    expectResponse(await send('POST', '/timezone'), failedValidation, { hint: 9 });
    expectResponse(await send('POST', '/timezone', { json: null }), failedValidation, { hint: 9 });
    expectResponse(await send('POST', '/timezone', { json: ['Europe/Paris'] }), failedValidation, {
      hint: 9,
    });
    expectResponse(await send('POST', '/timezone', { json: { timezone: 42 } }), failedValidation, {
      hint: 9,
    });
    expectResponse(
      await send('POST', '/timezone', { form: { timezone: '+01:00' } }),
      failedValidation,
      { hint: 9 },
    );
  });

  it('keeps the CORS header of step 04 on problems', async () => {
    const exchange = await send('POST', '/timezone', { json: { timezone: 'Nowhere' } });
    expectResponse(
      exchange,
      { status: 422, headers: { 'access-control-allow-origin': '*' } },
      { hint: 12 },
    );
  });

  it('still answers errors outside /timezone with the JSON errors of step 04: DELETE /ping', async () => {
    const exchange = await send('DELETE', '/ping');
    expectResponse(
      exchange,
      {
        status: 405,
        headers: { 'content-type': /^application\/json/ },
        json: { status: 405, error: expect.any(String) },
      },
      { hint: 12 },
    );
  });
});
