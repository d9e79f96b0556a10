import { expectResponse, expectThat, satisfies, send } from '@hyperpipe/cli/harness';
import { describe, expect, it } from 'vitest';

const PROBLEM = /^application\/problem\+json/;

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
  });

  it('accepts a valid time zone sent as JSON: POST /timezone', async () => {
    const exchange = await send('POST', '/timezone', { json: { timezone: 'Europe/Paris' } });
    expectThat(exchange.status !== 405, {
      expected: 'the /timezone route to allow POST as well as GET',
      received: 'a 405: the route allows GET only',
      exchange,
      hint: 1,
    });
    expectResponse(exchange, { status: 200, json: { timezone: 'Europe/Paris' } }, { hint: 2 });
  });

  it('accepts a valid time zone sent as a form: POST /timezone', async () => {
    const exchange = await send('POST', '/timezone', { form: { timezone: 'America/New_York' } });
    expectResponse(exchange, { status: 200, json: { timezone: 'America/New_York' } }, { hint: 3 });
  });

  it('answers other methods with a 405 problem that lists GET and POST in Allow', async () => {
    const exchange = await send('DELETE', '/timezone');
    expectResponse(
      exchange,
      {
        status: 405,
        headers: { allow: /\bGET\b.*\bPOST\b|\bPOST\b.*\bGET\b/, 'content-type': PROBLEM },
        json: { status: 405, title: 'Method Not Allowed' },
      },
      { hint: 5 },
    );
  });

  it('answers an unknown time zone with a 422 Failed Validation problem', async () => {
    const exchange = await send('POST', '/timezone', { json: { timezone: 'Mars/Olympus_Mons' } });
    expectResponse(exchange, failedValidation, { hint: 4 });
  });

  it('answers a missing or non-text time zone with a 422 Failed Validation problem', async () => {
    expectResponse(await send('POST', '/timezone', { json: {} }), failedValidation, { hint: 4 });
    // A body that is not an object has no timezone to read: still a 422, never a 500.
    expectResponse(await send('POST', '/timezone'), failedValidation, { hint: 4 });
    expectResponse(await send('POST', '/timezone', { json: null }), failedValidation, { hint: 4 });
    expectResponse(await send('POST', '/timezone', { json: ['Europe/Paris'] }), failedValidation, {
      hint: 4,
    });
    expectResponse(await send('POST', '/timezone', { json: { timezone: 42 } }), failedValidation, {
      hint: 4,
    });
    expectResponse(
      await send('POST', '/timezone', { form: { timezone: '+01:00' } }),
      failedValidation,
      { hint: 4 },
    );
  });

  it('keeps the CORS header of step 04 on problems', async () => {
    const exchange = await send('POST', '/timezone', { json: { timezone: 'Nowhere' } });
    expectResponse(
      exchange,
      { status: 422, headers: { 'access-control-allow-origin': '*' } },
      { hint: 5 },
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
      { hint: 5 },
    );
  });
});
