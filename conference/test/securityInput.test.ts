import type { CatalogueDatabase } from '@hyperpipe/catalogue';
import type { RunningServer } from 'hyperpipe/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestConference, JSON_TYPE, PROBLEM } from './support/conference.ts';

// Input a hostile or broken client sends, over real sockets: each refused write must leave
// the catalogue as it was, and say which field (or what of the body) is wrong.
let server: RunningServer;
let db: CatalogueDatabase;

beforeAll(async () => {
  const conference = await createTestConference();
  db = conference.db;
  server = await conference.app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
});

afterAll(async () => {
  await server?.close();
});

/** Every row of the catalogue's tables, to compare before and after a refused write. */
function catalogue(): unknown[][] {
  return ['speakers', 'talks', 'talks_speakers'].map((table) =>
    db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).raw().all(),
  );
}

/** Sends a write as the editor and returns the status and the parsed answer. */
async function write(method: string, path: string, body: BodyInit) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: basicAuth('editor'), 'content-type': JSON_TYPE, accept: JSON_TYPE },
    body,
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: await response.json(),
  };
}

/** The bytes of `before`, one invalid UTF-8 sequence, then `after`. */
const withInvalidUtf8 = (before: string, invalid: number[], after: string) =>
  Buffer.concat([Buffer.from(before), Buffer.from(invalid), Buffer.from(after)]);

describe('a body that is not UTF-8', () => {
  it.each([
    ['a lone continuation byte', [0x80]],
    ['a byte UTF-8 never uses', [0xff]],
    ['a sequence cut short', [0xe2, 0x82]],
    ['an overlong encoding of "/"', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
  ])('is refused with a 400 problem, nothing stored: %s', async (_, invalid) => {
    const before = catalogue();
    for (const [method, path] of [
      ['POST', '/speaker'],
      ['PATCH', '/speaker/1'],
      ['PUT', '/talk/1'],
    ] as const) {
      const field = path.includes('talk') ? 'title' : 'name';
      const answer = await write(method, path, withInvalidUtf8(`{"${field}":"Ada`, invalid, '"}'));
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(answer.type).toBe(PROBLEM);
      expect(answer.body.detail).toBe('The request body is not valid UTF-8');
    }
    expect(catalogue()).toEqual(before);
  });

  it('leaves valid UTF-8 as it was sent, multi-byte characters included', async () => {
    const name = 'Zoë Ōkubo-Ñúñez 李 👩‍🔬';
    const answer = await write('POST', '/speaker', Buffer.from(JSON.stringify({ name })));
    expect(answer.status).toBe(201);
    expect(answer.body.name).toBe(name);
  });
});

describe('text with nothing to show', () => {
  it.each([
    ['NUL', '\u0000', 'control'],
    ['ESC and a terminal colour', '\u001b[31m', 'control'],
    ['a control character inside', 'Ada\u0007Lovelace', 'control'],
    ['RLO (U+202E)', '\u202e', 'visible'],
    ['ZWSP (U+200B)', '\u200b', 'visible'],
    ['ZWSP between spaces', ' \u200b\u200b ', 'visible'],
    ['a Hangul filler (U+3164)', '\u3164', 'visible'],
    ['a byte order mark', '\ufeff\u2060', 'visible'],
  ])('is refused as a name with a 422 naming it, nothing stored: %s', async (_, name, rule) => {
    const before = catalogue();
    for (const [method, path] of [
      ['POST', '/speaker'],
      ['PUT', '/speaker/2'],
      ['PATCH', '/speaker/2'],
    ] as const) {
      const answer = await write(method, path, JSON.stringify({ name }));
      expect(answer.status, `${method} ${path}`).toBe(422);
      expect(answer.body.validation_messages).toEqual({
        name: {
          [rule]:
            rule === 'control'
              ? 'The name must not hold control characters'
              : 'The name must hold a visible character',
        },
      });
    }
    expect(catalogue()).toEqual(before);
  });

  it('is refused as a talk title and in any other text field, each named', async () => {
    const before = catalogue();
    const answer = await write(
      'POST',
      '/talk',
      JSON.stringify({ title: '\u200b', abstract: '\u0000', speakers: [1] }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.validation_messages).toEqual({
      title: { visible: 'The title must hold a visible character' },
      abstract: { control: 'The abstract must not hold control characters' },
    });
    expect(catalogue()).toEqual(before);
  });

  it('still takes text that shows something: right-to-left, joined emoji, an abstract of lines', async () => {
    for (const name of ['\u202bمحمد\u202c', '👩‍👩‍👧', 'Ada\u200bLovelace']) {
      const answer = await write('POST', '/speaker', JSON.stringify({ name }));
      expect(answer.status, JSON.stringify(name)).toBe(201);
      expect(answer.body.name).toBe(name);
    }
    const abstract = 'First line.\n\tIndented second line.\r\n';
    const talk = await write('POST', '/talk', JSON.stringify({ title: 'Lines', abstract }));
    expect(talk.status).toBe(201);
    expect(talk.body.abstract).toBe(abstract);
  });
});

describe('keys that name Object.prototype', () => {
  it.each([
    ['POST', '/speaker', { name: 'Ada' }],
    ['PATCH', '/speaker/3', { name: 'Ada' }],
    ['PUT', '/talk/3', { title: 'A talk' }],
  ] as const)('%s %s: each is a 422 naming it, nothing stored', async (method, path, valid) => {
    const before = catalogue();
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      // JSON.stringify would drop a __proto__ key of an object literal: the body is written out.
      const body = `{${JSON.stringify(valid).slice(1, -1)}, "${key}": {"admin": true}}`;
      const answer = await write(method, path, body);
      expect(answer.status, `${key} in ${method} ${path}`).toBe(422);
      expect(answer.body.validation_messages).toEqual({
        [key]: { unrecognized: `"${key}" is not a field of this resource` },
      });
    }
    expect(catalogue()).toEqual(before);
    expect(({} as { admin?: unknown }).admin).toBeUndefined();
  });
});
