import type { Application } from 'hyperpipe';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTestConference,
  JSON_TYPE,
  PROBLEM,
  problem,
  send,
  sendJson,
} from './support/conference.ts';

const FORM = 'application/x-www-form-urlencoded';

let app: Application;
beforeAll(async () => {
  ({ app } = await createTestConference());
});

const postJson = (body: unknown) => sendJson(app, '/timezone', { method: 'POST', body });
const postForm = (body: string) =>
  sendJson(app, '/timezone', { method: 'POST', headers: { 'content-type': FORM }, body });

describe('GET /timezone', () => {
  it("answers the server's own IANA time zone as JSON", async () => {
    const { status, headers, body } = await sendJson(app, '/timezone');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe(JSON_TYPE);
    expect(body).toEqual({ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const response = await send(app, '/timezone', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(JSON_TYPE);
    expect(await response.text()).toBe('');
  });
});

describe('POST /timezone', () => {
  it.each(['Europe/Paris', 'UTC', 'America/Argentina/Buenos_Aires', 'Asia/Tokyo'])(
    'accepts %s sent as JSON',
    async (timezone) => {
      const { status, headers, body } = await postJson({ timezone });
      expect(status).toBe(200);
      expect(headers.get('content-type')).toBe(JSON_TYPE);
      expect(body).toEqual({ timezone, valid: true });
    },
  );

  it('accepts a time zone sent as a form', async () => {
    const { status, body } = await postForm('timezone=Europe%2FParis');
    expect(status).toBe(200);
    expect(body).toEqual({ timezone: 'Europe/Paris', valid: true });
  });

  const notAZone = 'The timezone must be a valid IANA time zone name, such as Europe/Paris';
  it.each([
    ['no timezone field', {}, { required: 'A timezone is required' }],
    ['a number', { timezone: 5 }, { invalid_type: 'The timezone must be a string' }],
    ['null', { timezone: null }, { invalid_type: 'The timezone must be a string' }],
    ['an unknown zone', { timezone: 'Mars/Olympus_Mons' }, { timezone: notAZone }],
    ['an offset', { timezone: '+01:00' }, { timezone: notAZone }],
    ['an empty string', { timezone: '' }, { timezone: notAZone }],
    ['an abbreviation', { timezone: 'CEST' }, { timezone: notAZone }],
  ])(
    'refuses %s with 422 and the message under validation_messages.timezone',
    async (_, sent, messages) => {
      const { status, headers, body } = await postJson(sent);
      expect(status).toBe(422);
      expect(headers.get('content-type')).toBe(PROBLEM);
      expect(body).toEqual({
        ...problem(422, 'Unprocessable Entity', 'Failed Validation'),
        validation_messages: { timezone: messages },
      });
    },
  );

  it('refuses a form without the timezone field, and one that repeats it', async () => {
    const missing = await postForm('zone=Europe%2FParis');
    expect(missing.status).toBe(422);
    expect(missing.body.validation_messages).toEqual({
      timezone: { required: 'A timezone is required' },
    });
    const repeated = await postForm('timezone=Europe%2FParis&timezone=UTC');
    expect(repeated.status).toBe(422);
    expect(repeated.body.validation_messages).toEqual({
      timezone: { invalid_type: 'The timezone must be a string' },
    });
  });

  it('treats an empty body as a missing time zone', async () => {
    const { status, body } = await sendJson(app, '/timezone', { method: 'POST' });
    expect(status).toBe(422);
    expect(body.validation_messages).toEqual({ timezone: { required: 'A timezone is required' } });
  });

  it('answers malformed JSON with 400', async () => {
    const { status, body } = await sendJson(app, '/timezone', {
      method: 'POST',
      headers: { 'content-type': JSON_TYPE },
      body: '{"timezone": ',
    });
    expect(status).toBe(400);
    expect(body).toEqual(problem(400, 'Bad Request', /^JSON decoding error: /));
  });

  it('answers a body of another media type with 415', async () => {
    const { status, body } = await sendJson(app, '/timezone', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'Europe/Paris',
    });
    expect(status).toBe(415);
    expect(body).toEqual(problem(415, 'Unsupported Media Type', 'Invalid content-type specified'));
  });
});

describe('/timezone negotiation and methods', () => {
  it('answers 406 to a client that accepts only HTML', async () => {
    const { status, body } = await sendJson(app, '/timezone', { headers: { accept: 'text/html' } });
    expect(status).toBe(406);
    expect(body).toEqual(problem(406, 'Not Acceptable', 'Cannot honor Accept type specified'));
  });

  it.each(['PUT', 'PATCH', 'DELETE'])('answers %s with a 405 problem and Allow', async (method) => {
    const { status, headers, body } = await sendJson(app, '/timezone', { method });
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('GET,HEAD,POST');
    expect(headers.get('content-type')).toBe(PROBLEM);
    expect(body).toEqual(problem(405, 'Method Not Allowed', new RegExp(`\\b${method}\\b`)));
  });

  it('answers OPTIONS with 204 and the same Allow, as every matched path does', async () => {
    const { status, headers, body } = await sendJson(app, '/timezone', { method: 'OPTIONS' });
    expect(status).toBe(204);
    expect(headers.get('allow')).toBe('GET,HEAD,POST');
    expect(body).toBeUndefined();
  });
});
