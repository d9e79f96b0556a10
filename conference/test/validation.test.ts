import type { CatalogueDatabase } from '@hyperpipe/catalogue';
import type { Application } from 'hyperpipe';
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_OBJECT } from '../src/validation/validate.ts';
import {
  createTestConference,
  PROBLEM,
  problem,
  type SendOptions,
  sendJson,
} from './support/conference.ts';

// Refused writes change nothing, so one catalogue serves the file; the last describe proves it.
let app: Application;
let db: CatalogueDatabase;
beforeAll(async () => {
  ({ app, db } = await createTestConference());
});

type Messages = Record<string, Record<string, unknown>>;

/** Sends a write and expects the 422 problem with exactly these validation messages. */
async function expectInvalid(path: string, options: SendOptions, messages: Messages) {
  const { status, headers, body } = await sendJson(app, path, options);
  expect(status).toBe(422);
  expect(headers.get('content-type')).toBe(PROBLEM);
  expect(body).toEqual({
    ...problem(422, 'Unprocessable Entity', 'Failed Validation'),
    validation_messages: messages,
  });
}

const a = (length: number) => 'a'.repeat(length);
const NAME_REQUIRED = 'The name is required';
const NOT_HTTP = 'The url must be an http or https URL';
const DAY = 'The day must be in the format YYYY-MM-DD';
const TIME = 'The start time must be in the format HH:MM';
const SPEAKER_IDS = 'The speakers must be a list of speaker ids';
const TITLE_TOO_LONG = 'The title must be at most 300 characters';
const ABSTRACT_TOO_LONG = 'The abstract must be at most 4000 characters';
const unrecognized = (field: string) => ({
  [field]: { unrecognized: `"${field}" is not a field of this resource` },
});

describe('speaker fields', () => {
  const cases: [string, unknown, Messages][] = [
    ['no name', {}, { name: { required: NAME_REQUIRED } }],
    ['an empty name', { name: '' }, { name: { too_small: NAME_REQUIRED } }],
    ['a blank name', { name: '   ' }, { name: { too_small: NAME_REQUIRED } }],
    ['a numeric name', { name: 5 }, { name: { invalid_type: 'The name must be a string' } }],
    ['a null name', { name: null }, { name: { invalid_type: 'The name must be a string' } }],
    [
      'a name of 81 characters',
      { name: a(81) },
      { name: { too_big: 'The name must be at most 80 characters' } },
    ],
    ['an ftp url', { name: 'ok', url: 'ftp://example.org' }, { url: { httpUrl: NOT_HTTP } }],
    ['a url that is no URL', { name: 'ok', url: 'example.org' }, { url: { httpUrl: NOT_HTTP } }],
    [
      'a javascript: url',
      { name: 'ok', url: 'javascript:alert(1)' },
      { url: { httpUrl: NOT_HTTP } },
    ],
    [
      'a url of 256 characters',
      { name: 'ok', url: `https://${a(248)}` },
      { url: { too_big: 'The url must be at most 255 characters' } },
    ],
    [
      'a numeric url',
      { name: 'ok', url: 7 },
      { url: { invalid_type: 'The url must be a string' } },
    ],
    [
      'a twitter handle of 81 characters',
      { name: 'ok', twitter: a(81) },
      { twitter: { too_big: 'The twitter handle must be at most 80 characters' } },
    ],
    [
      'a list as twitter handle',
      { name: 'ok', twitter: ['@a'] },
      { twitter: { invalid_type: 'The twitter handle must be a string' } },
    ],
    ['an id', { name: 'ok', id: 3 }, unrecognized('id')],
    ['embedded talks', { name: 'ok', talks: [1] }, unrecognized('talks')],
    [
      'several faults at once',
      { name: '', url: 'ftp://x', extra: 1, other: 2 },
      {
        name: { too_small: NAME_REQUIRED },
        url: { httpUrl: NOT_HTTP },
        ...unrecognized('extra'),
        ...unrecognized('other'),
      },
    ],
  ];

  it.each(cases)('POST /speaker with %s is refused field by field', async (_, body, messages) => {
    await expectInvalid('/speaker', { method: 'POST', as: 'editor', body }, messages);
  });

  it.each(cases)('PUT /speaker/1 with %s is refused field by field', async (_, body, messages) => {
    await expectInvalid('/speaker/1', { method: 'PUT', as: 'editor', body }, messages);
  });

  it('the twitter handle must be a string, and PATCH may not null the name', async () => {
    await expectInvalid(
      '/speaker/1',
      { method: 'PATCH', as: 'editor', body: { name: null, twitter: 1 } },
      {
        name: { invalid_type: 'The name must be a string' },
        twitter: { invalid_type: 'The twitter handle must be a string' },
      },
    );
  });

  it.each([
    ['an empty name', { name: '' }, { name: { too_small: NAME_REQUIRED } }],
    ['an unknown field', { nickname: 'x' }, unrecognized('nickname')],
    ['a bad url', { url: 'mailto:a@example.org' }, { url: { httpUrl: NOT_HTTP } }],
  ])('PATCH /speaker/1 with %s is refused', async (_, body, messages) => {
    await expectInvalid('/speaker/1', { method: 'PATCH', as: 'editor', body }, messages);
  });

  it.each([
    ['POST', '/speaker', []],
    ['PUT', '/speaker/1', []],
    ['PATCH', '/speaker/1', []],
    ['POST', '/talk', []],
    ['POST', '/speaker', 'a name'],
    ['POST', '/speaker', 42],
  ])(
    '%s %s with a body that is no object (%j) is told an object is expected',
    async (method, path, body) => {
      await expectInvalid(
        path,
        {
          method,
          as: 'editor',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        },
        { body: { invalid_type: NO_OBJECT } },
      );
    },
  );

  it('accepts every field at its longest', async () => {
    const speaker = { name: a(80), url: `https://${a(243)}.org`, twitter: a(80) };
    const created = await sendJson(app, '/speaker', {
      method: 'POST',
      as: 'editor',
      body: speaker,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(speaker);
    db.prepare('DELETE FROM speakers WHERE id = ?').run(created.body.id);
  });
});

describe('talk fields', () => {
  const cases: [string, unknown, Messages][] = [
    ['no title', {}, { title: { required: 'The title is required' } }],
    ['an empty title', { title: '' }, { title: { too_small: 'The title is required' } }],
    ['a numeric title', { title: 5 }, { title: { invalid_type: 'The title must be a string' } }],
    ['a title of 301 characters', { title: a(301) }, { title: { too_big: TITLE_TOO_LONG } }],
    ['a title of a million characters', { title: a(1e6) }, { title: { too_big: TITLE_TOO_LONG } }],
    [
      'an abstract of 4001 characters',
      { title: 'ok', abstract: a(4001) },
      { abstract: { too_big: ABSTRACT_TOO_LONG } },
    ],
    [
      'a numeric abstract',
      { title: 'ok', abstract: 5 },
      { abstract: { invalid_type: 'The abstract must be a string' } },
    ],
    ...[
      '2027-02-30',
      '2027-02-29',
      '2027-13-01',
      '2027-00-10',
      '18/05/2027',
      '2027-5-18',
      '2027-05-18T10:00',
      '',
      ' 2027-05-18',
    ].map((day): [string, unknown, Messages] => [
      `the day "${day}"`,
      { title: 'ok', day },
      { day: { date: DAY } },
    ]),
    [
      'a numeric day',
      { title: 'ok', day: 20270518 },
      { day: { invalid_type: 'The day must be a string' } },
    ],
    ...['24:00', '9:30', '09:60', '09:30:00', 'noon', ''].map(
      (start_time): [string, unknown, Messages] => [
        `the start time "${start_time}"`,
        { title: 'ok', start_time },
        { start_time: { invalid_format: TIME } },
      ],
    ),
    [
      'speakers as a string',
      { title: 'ok', speakers: '1' },
      { speakers: { invalid_type: SPEAKER_IDS } },
    ],
    [
      'speakers as an object',
      { title: 'ok', speakers: { 1: true } },
      { speakers: { invalid_type: SPEAKER_IDS } },
    ],
    ['a speaker id 0', { title: 'ok', speakers: [0] }, { speakers: { too_small: SPEAKER_IDS } }],
    [
      'a fractional speaker id',
      { title: 'ok', speakers: [1.5] },
      { speakers: { invalid_type: SPEAKER_IDS } },
    ],
    [
      'a speaker id as a string',
      { title: 'ok', speakers: ['1'] },
      { speakers: { invalid_type: SPEAKER_IDS } },
    ],
    [
      '21 speakers',
      { title: 'ok', speakers: Array.from({ length: 21 }, (_, index) => index + 1) },
      { speakers: { too_big: 'A talk has at most 20 speakers' } },
    ],
    [
      'a speaker nobody has',
      { title: 'ok', speakers: [1, 999] },
      { speakers: { notFound: 'No speaker has the id 999' } },
    ],
    [
      'two speakers nobody has',
      { title: 'ok', speakers: [998, 2, 999] },
      { speakers: { notFound: 'No speaker has the id 998, 999' } },
    ],
    [
      'speaker_ids instead of speakers',
      { title: 'ok', speaker_ids: [1] },
      unrecognized('speaker_ids'),
    ],
    [
      'a bad day and a bad time',
      { title: '', day: '2027-02-30', start_time: '25:00' },
      {
        title: { too_small: 'The title is required' },
        day: { date: DAY },
        start_time: { invalid_format: TIME },
      },
    ],
  ];

  it.each(cases)('POST /talk with %s is refused field by field', async (_, body, messages) => {
    await expectInvalid('/talk', { method: 'POST', as: 'editor', body }, messages);
  });

  it.each(cases)('PUT /talk/1 with %s is refused field by field', async (_, body, messages) => {
    await expectInvalid('/talk/1', { method: 'PUT', as: 'editor', body }, messages);
  });

  it('PATCH checks the fields it gets, and the speakers', async () => {
    await expectInvalid(
      '/talk/1',
      { method: 'PATCH', as: 'editor', body: { day: '2027-02-30' } },
      { day: { date: DAY } },
    );
    await expectInvalid(
      '/talk/1',
      { method: 'PATCH', as: 'editor', body: { speakers: [999] } },
      { speakers: { notFound: 'No speaker has the id 999' } },
    );
  });

  it('accepts a title and an abstract at their longest', async () => {
    const talk = { title: a(300), abstract: a(4000) };
    const created = await sendJson(app, '/talk', { method: 'POST', as: 'editor', body: talk });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(talk);
    db.prepare('DELETE FROM talks WHERE id = ?').run(created.body.id);
  });

  it.each(['2028-02-29', '2027-12-31', '2027-01-01'])('accepts the real day %s', async (day) => {
    const created = await sendJson(app, '/talk', {
      method: 'POST',
      as: 'editor',
      body: { title: 'ok', day, start_time: '23:59' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ day, start_time: '23:59' });
    db.prepare('DELETE FROM talks WHERE id = ?').run(created.body.id);
  });
});

describe('every input judged', () => {
  const JSON_HEADERS = { 'content-type': 'application/json' };
  const NO_FIELD = { body: { empty: 'The body must name at least one field to change' } };

  // The REST layer hands a resource {} for a missing body and for JSON null alike: before
  // this rule both answered 200 and changed nothing, as if the change had been made.
  it.each([
    ['JSON null', { body: 'null', headers: JSON_HEADERS }],
    ['an empty body', { body: '', headers: JSON_HEADERS }],
    ['no body at all', {}],
    ['an empty object', { body: {} }],
  ])('PATCH with %s names no field: 422 on both resources', async (_, options) => {
    for (const path of ['/speaker/1', '/talk/1', '/v2/speaker/1']) {
      await expectInvalid(path, { method: 'PATCH', as: 'editor', ...options }, NO_FIELD);
    }
  });

  it('a body of unknown fields only is refused by name, not also as empty', async () => {
    await expectInvalid(
      '/talk/1',
      { method: 'PATCH', as: 'editor', body: { nickname: 'x' } },
      unrecognized('nickname'),
    );
  });

  // JSON may escape half a surrogate pair; UTF-8, and so SQLite, cannot hold it.
  it.each([
    ['/talk', 'title', 'The title must be valid Unicode text', '{"title":"a\\ud800b"}'],
    [
      '/talk',
      'abstract',
      'The abstract must be valid Unicode text',
      '{"title":"t","abstract":"\\udfff"}',
    ],
    ['/speaker', 'name', 'The name must be valid Unicode text', '{"name":"Ada \\udbff"}'],
    [
      '/speaker',
      'twitter',
      'The twitter handle must be valid Unicode text',
      '{"name":"A","twitter":"@\\ud83d"}',
    ],
  ])('POST %s with a lone surrogate in its %s is refused', async (path, field, message, body) => {
    await expectInvalid(
      path,
      { method: 'POST', as: 'editor', body, headers: JSON_HEADERS },
      { [field]: { unicode: message } },
    );
  });

  // Noncharacters, in the BMP's block and at the end of a plane, were stored as sent.
  it.each([
    ['/speaker', 'name', 'The name', '{"name":"\\uffff"}'],
    ['/speaker', 'name', 'The name', '{"name":"Ada \\ufffe"}'],
    ['/speaker', 'twitter', 'The twitter handle', '{"name":"A","twitter":"@\\ufdd0"}'],
    ['/talk', 'title', 'The title', '{"title":"a\\ufdefb"}'],
    ['/talk', 'abstract', 'The abstract', '{"title":"t","abstract":"\\ud83f\\udffe"}'],
  ])('POST %s with a noncharacter in its %s is refused', async (path, field, subject, body) => {
    await expectInvalid(
      path,
      { method: 'POST', as: 'editor', body, headers: JSON_HEADERS },
      { [field]: { noncharacter: `${subject} must not hold Unicode noncharacters` } },
    );
  });

  it('keeps the characters beside the noncharacters: U+FDCF, U+FDF0 and U+FFFD', async () => {
    const created = await sendJson(app, '/speaker', {
      method: 'POST',
      as: 'editor',
      body: { name: 'Ada \uFDCF\uFDF0\uFFFD' },
    });
    expect(created.status).toBe(201);
    db.prepare('DELETE FROM speakers WHERE id = ?').run(created.body.id);
  });

  it('keeps text whose surrogates come in pairs, such as an emoji', async () => {
    const created = await sendJson(app, '/talk', {
      method: 'POST',
      as: 'editor',
      body: { title: 'Ship it \u{1F680}' },
    });
    expect(created.status).toBe(201);
    expect(created.body.title).toBe('Ship it \u{1F680}');
    db.prepare('DELETE FROM talks WHERE id = ?').run(created.body.id);
  });

  const RANGE = 'The day must be between 1900-01-01 and 2999-12-31';
  it.each(['0000-01-01', '0001-01-01', '1899-12-31', '3000-01-01', '9999-12-31'])(
    'the day %s is out of range',
    async (day) => {
      await expectInvalid(
        '/talk/1',
        { method: 'PATCH', as: 'editor', body: { day } },
        { day: { range: RANGE } },
      );
    },
  );

  it.each(['1900-01-01', '2999-12-31'])('the day %s is in range', async (day) => {
    const created = await sendJson(app, '/talk', {
      method: 'POST',
      as: 'editor',
      body: { title: 'ok', day },
    });
    expect(created.status).toBe(201);
    expect(created.body.day).toBe(day);
    db.prepare('DELETE FROM talks WHERE id = ?').run(created.body.id);
  });

  it('stores a url without the white space around it', async () => {
    const created = await sendJson(app, '/speaker', {
      method: 'POST',
      as: 'editor',
      body: { name: 'Ada', url: ' \thttps://ada.example.org/ \n' },
    });
    expect(created.status).toBe(201);
    expect(created.body.url).toBe('https://ada.example.org/');
    const stored = db.prepare('SELECT url FROM speakers WHERE id = ?').pluck();
    expect(stored.get(created.body.id)).toBe('https://ada.example.org/');
    db.prepare('DELETE FROM speakers WHERE id = ?').run(created.body.id);
  });

  it.each([
    'https://ada.example.org/a b',
    'https://ada.example.org/\ta',
    'https://ada\n.example.org/',
  ])('refuses white space inside a url (%j), which the URL parser would skip', async (url) => {
    await expectInvalid(
      '/speaker/1',
      { method: 'PATCH', as: 'editor', body: { url } },
      { url: { httpUrl: NOT_HTTP } },
    );
  });
});

describe('refused writes leave the database byte for byte as it was', () => {
  const big = JSON.stringify({ name: a(1024 * 1024) });
  const cases: [string, number, string, SendOptions][] = [
    [
      'an invalid speaker',
      422,
      '/speaker',
      { method: 'POST', as: 'editor', body: { name: '', url: 'ftp://x' } },
    ],
    [
      'an invalid replacement',
      422,
      '/speaker/1',
      { method: 'PUT', as: 'editor', body: { name: a(81) } },
    ],
    [
      'an invalid change',
      422,
      '/speaker/1',
      { method: 'PATCH', as: 'editor', body: { url: 'nope' } },
    ],
    [
      'a change that names no field',
      422,
      '/speaker/1',
      {
        method: 'PATCH',
        as: 'editor',
        body: 'null',
        headers: { 'content-type': 'application/json' },
      },
    ],
    [
      'a lone surrogate in a title',
      422,
      '/talk/1',
      {
        method: 'PATCH',
        as: 'editor',
        body: '{"title":"\\ud800"}',
        headers: { 'content-type': 'application/json' },
      },
    ],
    [
      'a day in year 0',
      422,
      '/talk',
      { method: 'POST', as: 'editor', body: { title: 'x', day: '0000-01-01' } },
    ],
    // These three pass validation and fail inside the catalogue's transaction.
    [
      'a talk with an unknown speaker',
      422,
      '/talk',
      { method: 'POST', as: 'editor', body: { title: 'x', speakers: [1, 999] } },
    ],
    [
      'a replaced talk with an unknown speaker',
      422,
      '/talk/1',
      { method: 'PUT', as: 'editor', body: { title: 'x', speakers: [999] } },
    ],
    [
      'a changed talk with an unknown speaker',
      422,
      '/talk/1',
      { method: 'PATCH', as: 'editor', body: { title: 'x', speakers: [2, 999] } },
    ],
    [
      'a text/plain body',
      415,
      '/speaker',
      { method: 'POST', as: 'editor', body: 'name=x', headers: { 'content-type': 'text/plain' } },
    ],
    [
      'a form body',
      415,
      '/talk/1',
      {
        method: 'PATCH',
        as: 'editor',
        body: 'title=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    ],
    [
      'a body without a content type',
      415,
      '/speaker/1',
      { method: 'PUT', as: 'editor', body: '{"name":"x"}' },
    ],
    [
      'malformed JSON',
      400,
      '/speaker',
      {
        method: 'POST',
        as: 'editor',
        body: '{"name": "x"',
        headers: { 'content-type': 'application/json' },
      },
    ],
    [
      'malformed JSON in a change',
      400,
      '/talk/1',
      {
        method: 'PATCH',
        as: 'editor',
        body: "{'title': 'x'}",
        headers: { 'content-type': 'application/json' },
      },
    ],
    [
      'a body over 1 MiB',
      413,
      '/speaker',
      { method: 'POST', as: 'editor', body: big, headers: { 'content-type': 'application/json' } },
    ],
    [
      'a replacement over 1 MiB',
      413,
      '/talk/1',
      { method: 'PUT', as: 'editor', body: big, headers: { 'content-type': 'application/json' } },
    ],
    [
      'a replacement of nobody',
      404,
      '/speaker/999999',
      { method: 'PUT', as: 'editor', body: { name: 'x' } },
    ],
    [
      'a change of nobody',
      404,
      '/speaker/999999',
      { method: 'PATCH', as: 'editor', body: { name: 'x' } },
    ],
    [
      'a change of no talk',
      404,
      '/talk/999999',
      { method: 'PATCH', as: 'editor', body: { title: 'x', speakers: [1] } },
    ],
    [
      'a replacement of no talk',
      404,
      '/talk/999999',
      { method: 'PUT', as: 'editor', body: { title: 'x', speakers: [1] } },
    ],
    ['a deletion of nobody', 404, '/speaker/999999', { method: 'DELETE', as: 'editor' }],
    ['a deletion of the collection', 405, '/talk', { method: 'DELETE', as: 'editor' }],
    [
      'a version 1 body for version 2 talks',
      415,
      '/v2/talk',
      {
        method: 'POST',
        as: 'editor',
        body: { title: 'x' },
        headers: { 'content-type': 'application/vnd.conference.v1+json' },
      },
    ],
  ];

  it.each(cases)('%s: %i, and nothing written', async (_, status, path, options) => {
    const before = db.serialize();
    const answer = await sendJson(app, path, options);
    expect(answer.status).toBe(status);
    expect(answer.headers.get('content-type')).toBe(PROBLEM);
    expect(answer.body.status).toBe(status);
    expect(Buffer.compare(db.serialize(), before), 'the database changed').toBe(0);
  });
});
