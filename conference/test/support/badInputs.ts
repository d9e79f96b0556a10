import { brotliCompressSync, gzipSync } from 'node:zlib';
import { basicAuth } from './conference.ts';

/**
 * One bad request and the answer it must get. Paths may name `{speaker}` and `{talk}`, an
 * existing speaker's and talk's id, so that the same table runs on catalogues whose ids
 * differ.
 */
export interface BadInput {
  /** What is wrong with the request. */
  name: string;
  /** The status the API must answer with. */
  status: number;
  /** The request as sent: method, target, headers, body. */
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as is; a `Content-Length` is added unless the headers frame the body themselves. */
  body?: string | Buffer;
  /**
   * Send the request line and headers exactly as written here (with `{speaker}` and `{talk}`
   * filled in), followed by `body`: for what no HTTP client library would send.
   */
  raw?: string;
}

/** The demo editor may write and delete: a refusal is about the request, not the identity. */
const EDITOR = { authorization: basicAuth('editor') };
const JSON_BODY = { ...EDITOR, 'content-type': 'application/json' };

const KiB = 1024;
const MiB = 1024 * KiB;

const json = (value: unknown) => JSON.stringify(value);
const longText = (length: number) => 'x'.repeat(length);

/** A speaker POST whose JSON body is `body`, as a case. */
const postSpeaker = (name: string, body: string, status = 422): BadInput => ({
  name,
  status,
  method: 'POST',
  path: '/speaker',
  headers: JSON_BODY,
  body,
});

/** A talk POST with `fields` besides a valid title, as a case. */
const postTalk = (name: string, fields: Record<string, unknown>, status = 422): BadInput => ({
  name,
  status,
  method: 'POST',
  path: '/talk',
  headers: JSON_BODY,
  body: json({ title: 'A valid title', ...fields }),
});

const malformedBodies: BadInput[] = [
  postSpeaker('an unterminated object', '{', 400),
  postSpeaker('a trailing comma', '{"name": "Ada",}', 400),
  postSpeaker('NaN, which JSON lacks', '{"name": NaN}', 400),
  postSpeaker('single quotes', "{'name': 'Ada'}", 400),
  postSpeaker('a form body labelled JSON', 'name=Ada', 400),
  postSpeaker('two documents', '{"name": "Ada"}{"name": "Bob"}', 400),
  postSpeaker('a JSON array', '[{"name": "Ada"}]'),
  postSpeaker('a JSON string', '"Ada"'),
  postSpeaker('a JSON number', '42'),
  postSpeaker('JSON null', 'null'),
  postSpeaker('an array nested 100,000 deep', '['.repeat(100_000) + ']'.repeat(100_000)),
  postSpeaker('an object nested 10,000 deep', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`),
  {
    name: 'a PATCH with broken JSON',
    status: 400,
    method: 'PATCH',
    path: '/talk/{talk}',
    headers: JSON_BODY,
    body: '{"title": ',
  },
  {
    name: 'a PUT with a truncated literal',
    status: 400,
    method: 'PUT',
    path: '/speaker/{speaker}',
    headers: JSON_BODY,
    body: 'nul',
  },
  {
    name: 'a time zone form that is JSON',
    status: 400,
    method: 'POST',
    path: '/timezone',
    headers: { 'content-type': 'application/json' },
    body: 'timezone=Europe/Paris',
  },
];

const malformedHeaders: BadInput[] = [
  {
    name: 'a space between a header name and its colon',
    status: 400,
    method: 'POST',
    path: '/speaker',
    raw: 'POST /speaker HTTP/1.1\r\nHost: localhost\r\nContent-Type : application/json\r\n',
    body: json({ name: 'Ada' }),
  },
  {
    name: 'a control character in a header value',
    status: 400,
    method: 'GET',
    path: '/speaker',
    raw: 'GET /speaker HTTP/1.1\r\nHost: localhost\r\nX-Note: a\u0001b\r\n',
  },
  {
    name: 'a Content-Length that is not a number',
    status: 400,
    method: 'POST',
    path: '/speaker',
    raw: 'POST /speaker HTTP/1.1\r\nHost: localhost\r\nContent-Length: ten\r\n',
    body: json({ name: 'Ada' }),
  },
  {
    name: 'two different Content-Lengths',
    status: 400,
    method: 'POST',
    path: '/speaker',
    raw: 'POST /speaker HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4\r\nContent-Length: 15\r\n',
    body: json({ name: 'Ada' }),
  },
  {
    name: 'both Content-Length and chunked',
    status: 400,
    method: 'POST',
    path: '/speaker',
    raw:
      'POST /speaker HTTP/1.1\r\nHost: localhost\r\nContent-Length: 15\r\n' +
      'Transfer-Encoding: chunked\r\n',
    body: `f\r\n${json({ name: 'Ada' })}\r\n0\r\n\r\n`,
  },
  {
    name: 'a broken chunk size',
    status: 400,
    method: 'POST',
    path: '/speaker',
    raw:
      'POST /speaker HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Authorization: ${EDITOR.authorization}\r\nTransfer-Encoding: chunked\r\n`,
    body: 'zz\r\n{}\r\n0\r\n\r\n',
  },
  {
    name: 'a transfer coding other than chunked',
    status: 501,
    method: 'POST',
    path: '/speaker',
    raw: 'POST /speaker HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: gzip, chunked\r\n',
    body: `f\r\n${json({ name: 'Ada' })}\r\n0\r\n\r\n`,
  },
  {
    name: 'no Host header',
    status: 400,
    method: 'GET',
    path: '/speaker',
    raw: 'GET /speaker HTTP/1.1\r\n',
  },
  {
    name: 'two Host headers',
    status: 400,
    method: 'GET',
    path: '/speaker',
    raw: 'GET /speaker HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n',
  },
  {
    name: 'headers of 20 KiB',
    status: 431,
    method: 'GET',
    path: '/speaker',
    raw: `GET /speaker HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${longText(20 * KiB)}\r\n`,
  },
  {
    name: 'credentials that are not base64',
    status: 401,
    method: 'POST',
    path: '/speaker',
    headers: { 'content-type': 'application/json', authorization: 'Basic !!!' },
    body: json({ name: 'Ada' }),
  },
  {
    name: 'credentials without a colon',
    status: 401,
    method: 'POST',
    path: '/speaker',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from('editor').toString('base64')}`,
    },
    body: json({ name: 'Ada' }),
  },
  {
    name: 'no credentials',
    status: 401,
    method: 'POST',
    path: '/speaker',
    headers: { 'content-type': 'application/json' },
    body: json({ name: 'Ada' }),
  },
  {
    name: 'a wrong password',
    status: 401,
    method: 'PATCH',
    path: '/speaker/{speaker}',
    headers: { 'content-type': 'application/json', authorization: basicAuth('editor', 'nope') },
    body: json({ name: 'Ada' }),
  },
  {
    name: 'an unknown bearer token',
    status: 401,
    method: 'DELETE',
    path: '/talk/{talk}',
    headers: { authorization: 'Bearer 0123456789abcdef' },
  },
  {
    name: 'a DELETE by a learner',
    status: 403,
    method: 'DELETE',
    path: '/speaker/{speaker}',
    headers: { authorization: basicAuth('learner') },
  },
];

const wrongMediaTypes: BadInput[] = [
  ...['text/plain', 'application/xml', 'application/x-www-form-urlencoded'].map(
    (type): BadInput => ({
      name: `a speaker sent as ${type}`,
      status: 415,
      method: 'POST',
      path: '/speaker',
      headers: { ...EDITOR, 'content-type': type },
      body: json({ name: 'Ada' }),
    }),
  ),
  {
    name: 'a speaker body with no Content-Type',
    status: 415,
    method: 'POST',
    path: '/speaker',
    headers: EDITOR,
    body: json({ name: 'Ada' }),
  },
  {
    name: 'a talk sent as multipart',
    status: 415,
    method: 'PUT',
    path: '/talk/{talk}',
    headers: { ...EDITOR, 'content-type': 'multipart/form-data; boundary=x' },
    body: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--x--\r\n',
  },
  // Each was accepted and written as if plain (the compressed ones failed as bad JSON).
  ...(
    [
      ['gzip', 'compressed', gzipSync(json({ name: 'Ada' }))],
      ['gzip', 'plain', json({ name: 'Ada' })],
      ['br', 'compressed', brotliCompressSync(json({ name: 'Ada' }))],
      ['br', 'plain', json({ name: 'Ada' })],
    ] as const
  ).map(
    ([coding, kind, body]): BadInput => ({
      name: `a speaker labelled Content-Encoding: ${coding}, ${kind}`,
      status: 415,
      method: 'PATCH',
      path: '/speaker/{speaker}',
      headers: { ...JSON_BODY, 'content-encoding': coding },
      body,
    }),
  ),
  ...['utf-16', 'bogus'].map(
    (charset): BadInput => ({
      name: `a UTF-8 speaker labelled charset=${charset}`,
      status: 415,
      method: 'POST',
      path: '/speaker',
      headers: { ...EDITOR, 'content-type': `application/json; charset=${charset}` },
      body: json({ name: 'Ada' }),
    }),
  ),
  {
    name: 'a merge patch',
    status: 415,
    method: 'PATCH',
    path: '/speaker/{speaker}',
    headers: { ...EDITOR, 'content-type': 'application/merge-patch+json' },
    body: json({ name: 'Ada' }),
  },
  {
    name: 'a time zone as plain text',
    status: 415,
    method: 'POST',
    path: '/timezone',
    headers: { 'content-type': 'text/plain' },
    body: 'Europe/Paris',
  },
  ...[
    ['/speaker', 'text/html'],
    ['/speaker/{speaker}', 'application/xml'],
    ['/v1/talk', 'application/vnd.conference.v2+json'],
    ['/speaker', 'application/json;q=0'],
    ['/timezone', 'application/hal+json'],
  ].map(
    ([path, accept]): BadInput => ({
      name: `GET ${path} accepting only ${accept}`,
      status: 406,
      method: 'GET',
      path: path as string,
      headers: { accept: accept as string },
    }),
  ),
];

const oversizeBodies: BadInput[] = [
  {
    name: 'a 2 MiB speaker with its Content-Length',
    status: 413,
    method: 'POST',
    path: '/speaker',
    headers: JSON_BODY,
    body: json({ name: longText(2 * MiB) }),
  },
  {
    name: 'a 2 MiB talk, chunked',
    status: 413,
    method: 'PUT',
    path: '/talk/{talk}',
    headers: { ...JSON_BODY, 'transfer-encoding': 'chunked' },
    body: json({ title: longText(2 * MiB) }),
  },
  {
    name: 'a Content-Length of a terabyte, and no body yet',
    status: 413,
    method: 'POST',
    path: '/speaker',
    raw:
      'POST /speaker HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Authorization: ${EDITOR.authorization}\r\nContent-Length: 1099511627776\r\n`,
  },
  {
    name: 'a 2 MiB time zone form',
    status: 413,
    method: 'POST',
    path: '/timezone',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `timezone=${longText(2 * MiB)}`,
  },
];

const badIds = ['0', '-1', 'abc', '1.5', '1e3', '0x10', '9007199254740993', '%00', '99999999'];
const badPages = [
  ['0', 400],
  ['-1', 400],
  ['abc', 400],
  ['1.5', 400],
  ['', 400],
  ['%00', 400],
  ['1e1', 400],
  ['99999', 409],
] as const;

const badIdsAndPages: BadInput[] = [
  ...badIds.map(
    (id): BadInput => ({
      name: `GET /speaker/${id}`,
      status: 404,
      method: 'GET',
      path: `/speaker/${id}`,
    }),
  ),
  ...badIds.map(
    (id): BadInput => ({
      name: `PATCH /talk/${id}`,
      status: 404,
      method: 'PATCH',
      path: `/talk/${id}`,
      headers: JSON_BODY,
      body: json({ title: 'Renamed' }),
    }),
  ),
  ...badIds.map(
    (id): BadInput => ({
      name: `DELETE /speaker/${id}`,
      status: 404,
      method: 'DELETE',
      path: `/speaker/${id}`,
      headers: EDITOR,
    }),
  ),
  {
    name: 'PUT /v2/speaker/0',
    status: 404,
    method: 'PUT',
    path: '/v2/speaker/0',
    headers: JSON_BODY,
    body: json({ name: 'Ada' }),
  },
  ...badPages.map(
    ([page, status]): BadInput => ({
      name: `GET /talk?page=${page}`,
      status,
      method: 'GET',
      path: `/talk?page=${page}`,
    }),
  ),
];

const hostileStrings: BadInput[] = [
  postTalk('a title of 301 characters', { title: longText(301) }),
  postTalk('an abstract of 4001 characters', { abstract: longText(4001) }),
  postSpeaker('a name of 81 characters', json({ name: longText(81) })),
  postSpeaker('a name of 1,000,000 characters', json({ name: longText(1_000_000) })),
  postSpeaker(
    'a url of 256 characters',
    json({ name: 'Ada', url: `https://${longText(244)}.org` }),
  ),
  postSpeaker('a twitter handle of 81 characters', json({ name: 'Ada', twitter: longText(81) })),
  postSpeaker('a name of spaces only', json({ name: '   ' })),
  postSpeaker('a javascript: url', json({ name: 'Ada', url: 'javascript:alert(1)' })),
  postSpeaker('a name that is a number', json({ name: 42 })),
  postSpeaker('a name that is an array', json({ name: ['Ada'] })),
  postSpeaker('a name that is an object', json({ name: { first: 'Ada' } })),
  postSpeaker('a name that is true', json({ name: true })),
  postSpeaker('a name that is null', json({ name: null })),
  postSpeaker('an unknown field', json({ name: 'Ada', admin: true })),
  postSpeaker('a __proto__ key', '{"__proto__": {"name": "Ada"}}'),
  postSpeaker('a __proto__ key beside a name', '{"name": "Ada", "__proto__": {"admin": true}}'),
  postSpeaker(
    'a constructor.prototype key',
    '{"name": "Ada", "constructor": {"prototype": {"x": 1}}}',
  ),
  postTalk('a title that is a huge number', { title: 1e308 }),
  postTalk('a title that is an array of strings', { title: ['A', 'B'] }),
  postTalk('speakers as a string', { speakers: '1' }),
  postTalk('a speaker id as a string', { speakers: ['1'] }),
  postTalk('a speaker id of 1e308', { speakers: [1e308] }),
  postTalk('a speaker id past 2^53', { speakers: [2 ** 53 + 2] }),
  postTalk('a negative speaker id', { speakers: [-1] }),
  postTalk('a fractional speaker id', { speakers: [1.5] }),
  postTalk('a nested speaker id', { speakers: [[1]] }),
  postTalk('a speaker that does not exist', { speakers: [99_999_999] }),
  postTalk('21 speakers', { speakers: Array.from({ length: 21 }, (_, n) => n + 1) }),
  postSpeaker(
    'a JSON number too large for a double in a field',
    '{"name": "Ada", "twitter": 1e400}',
  ),
  {
    name: 'a PATCH that nulls the name',
    status: 422,
    method: 'PATCH',
    path: '/speaker/{speaker}',
    headers: JSON_BODY,
    body: json({ name: null }),
  },
  {
    name: 'a PATCH through __proto__',
    status: 422,
    method: 'PATCH',
    path: '/talk/{talk}',
    headers: JSON_BODY,
    body: '{"__proto__": {"title": "Hijacked"}}',
  },
];

const invalidDatesAndZones: BadInput[] = [
  ...[
    '2027-02-30',
    '2027-13-01',
    '2027-5-18',
    '18/05/2027',
    '',
    '+002027-05-18',
    '2027-05-18T09:30',
  ].map((day) => postTalk(`the day "${day}"`, { day })),
  postTalk('a day that is a number', { day: 20270518 }),
  ...['24:00', '9:30', '09:60', '09:30:00', 'noon', ''].map((start_time) =>
    postTalk(`the start time "${start_time}"`, { start_time }),
  ),
  ...['Mars/Base', '', '../../etc/passwd', 'Europe/Paris\u0000', 'UTC+25', 'europe/paris/x'].map(
    (timezone): BadInput => ({
      name: `the time zone ${JSON.stringify(timezone)}`,
      status: 422,
      method: 'POST',
      path: '/timezone',
      headers: { 'content-type': 'application/json' },
      body: json({ timezone }),
    }),
  ),
  ...[{ timezone: 1 }, { timezone: ['Europe/Paris'] }, {}].map(
    (body): BadInput => ({
      name: `the time zone body ${json(body)}`,
      status: 422,
      method: 'POST',
      path: '/timezone',
      headers: { 'content-type': 'application/json' },
      body: json(body),
    }),
  ),
  {
    name: 'an empty time zone form field',
    status: 422,
    method: 'POST',
    path: '/timezone',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'timezone=',
  },
];

const oddMethods: BadInput[] = [
  ...[
    ['TRACE', '/speaker'],
    ['TRACE', '/timezone'],
    ['PROPFIND', '/speaker/{speaker}'],
    ['PROPPATCH', '/talk/{talk}'],
    ['MKCOL', '/talk'],
    ['POST', '/speaker/{speaker}'],
    ['PUT', '/speaker'],
    ['DELETE', '/talk'],
    ['PATCH', '/timezone'],
    ['DELETE', '/timezone'],
  ].map(
    ([method, path]): BadInput => ({
      name: `${method} ${path}`,
      status: 405,
      method: method as string,
      path: path as string,
      headers: EDITOR,
    }),
  ),
  {
    name: 'CONNECT',
    status: 501,
    method: 'CONNECT',
    path: 'localhost:443',
    raw: 'CONNECT localhost:443 HTTP/1.1\r\nHost: localhost:443\r\n',
  },
  // Node's parser read this request line as HTTP/1.1, and the API answered it 200.
  ...['HTTP/2.0', 'HTTP/3.0'].map(
    (version): BadInput => ({
      name: `GET /speaker ${version} written as text`,
      status: 505,
      method: 'GET',
      path: '/speaker',
      raw: `GET /speaker ${version}\r\nHost: localhost\r\n`,
    }),
  ),
  ...['get /speaker', 'post /speaker', 'Delete /talk/{talk}', 'BREW /coffee'].map(
    (line): BadInput => ({
      name: `the request line "${line}"`,
      status: 400,
      method: line.split(' ')[0] as string,
      path: line.split(' ')[1] as string,
      raw: `${line} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${EDITOR.authorization}\r\n`,
    }),
  ),
];

/** Every bad request of the matrix, by kind. */
export const BAD_INPUTS: Record<string, readonly BadInput[]> = {
  'malformed bodies': malformedBodies,
  'malformed headers and credentials': malformedHeaders,
  'wrong media types': wrongMediaTypes,
  'oversize bodies': oversizeBodies,
  'bad ids and pages': badIdsAndPages,
  'overlong and hostile strings': hostileStrings,
  'invalid dates and time zones': invalidDatesAndZones,
  'odd methods and request lines': oddMethods,
};
