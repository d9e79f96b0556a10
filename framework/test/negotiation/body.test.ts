import {
  type Application,
  createApplication,
  json,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import {
  ContentNegotiation,
  type ContentNegotiationOptions,
  PARSED_BODY,
} from 'hyperpipe/negotiation';
import { ProblemMiddleware } from 'hyperpipe/problem';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT } from '../../src/negotiation/ContentNegotiation.ts';

const FORM = 'application/x-www-form-urlencoded';
const VENDOR = 'application/vnd.conference.v1+json';

/** An app whose one route negotiates and echoes the PARSED_BODY attribute (`null` when unset). */
function bodyApp(options: ContentNegotiationOptions = {}): Application {
  const app = createApplication();
  app.pipe('/', new ProblemMiddleware(), { priority: -100 });
  app.route('/thing', [
    new ContentNegotiation(options),
    (request: ServerRequest, response: ResponsePrototype) => {
      const body = request.getAttribute(PARSED_BODY);
      return json({ hasBody: body !== undefined, body: body ?? null }, response);
    },
  ]);
  return app;
}

function post(
  app: Application,
  body: BodyInit | null,
  headers: Record<string, string> = {},
  method = 'POST',
): Promise<Response> {
  return app.handle(new Request('http://localhost/thing', { method, body, headers }));
}

async function expectProblem(response: Response, status: number, title: string): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const problem = (await response.json()) as { status: number; title: string; detail: string };
  expect(problem.status).toBe(status);
  expect(problem.title).toBe(title);
  return problem.detail;
}

/**
 * A request body that hands out `chunkSize` bytes per pull, `chunks` times (forever when
 * undefined), and counts the pulls. With a high-water mark of 0 the stream pulls only
 * when someone reads, so the count shows exactly how much was read.
 */
function countingBody(chunkSize: number, chunks?: number) {
  const seen = { pulls: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        seen.pulls += 1;
        if (chunks !== undefined && seen.pulls > chunks) controller.close();
        else controller.enqueue(new Uint8Array(chunkSize).fill(0x20));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    new CountQueuingStrategy({ highWaterMark: 0 }),
  );
  return { stream, seen };
}

function streamedPost(app: Application, stream: ReadableStream, headers: Record<string, string>) {
  return app.handle(
    new Request('http://localhost/thing', {
      method: 'POST',
      body: stream,
      headers,
      duplex: 'half',
    } as RequestInit),
  );
}

describe('request body parsing', () => {
  it('parses JSON into PARSED_BODY', async () => {
    const response = await post(bodyApp(), JSON.stringify({ name: 'Ada', tags: [1, 2] }), {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      hasBody: true,
      body: { name: 'Ada', tags: [1, 2] },
    });
  });

  it('merges a HAL body’s _embedded members into its fields, as zf-content-negotiation does', async () => {
    const app = bodyApp({ contentTypes: ['application/json', 'application/hal+json'] });
    const sent = { title: 'Pipes', speakers: 'overridden', _embedded: { speakers: [1, 2] } };
    const response = await post(app, JSON.stringify(sent), {
      'content-type': 'application/hal+json',
    });
    expect(await response.json()).toEqual({
      hasBody: true,
      body: { title: 'Pipes', speakers: [1, 2] },
    });
    // An _embedded that is not an object is left for the resource to refuse.
    const odd = await post(app, JSON.stringify({ _embedded: [1] }), {
      'content-type': 'application/json',
    });
    expect(await odd.json()).toEqual({ hasBody: true, body: { _embedded: [1] } });
  });

  it('parses multipart/form-data for a route that lists it: fields, lists and files', async () => {
    const app = createApplication();
    app.pipe('/', new ProblemMiddleware(), { priority: -100 });
    app.route('/upload', [
      new ContentNegotiation({ contentTypes: ['multipart/form-data'] }),
      async (request: ServerRequest, response: ResponsePrototype) => {
        const body = request.getAttribute(PARSED_BODY) as Record<string, unknown>;
        const file = body.cv as File;
        return json(
          { name: body.name, tag: body.tag, file: [file.name, file.type, await file.text()] },
          response,
        );
      },
    ]);
    const form = new FormData();
    form.append('name', 'Ada');
    form.append('tag', 'a');
    form.append('tag', 'b');
    form.append('cv', new File(['analytical engine'], 'cv.txt', { type: 'text/plain' }));
    const sent = new Request('http://localhost/upload', { method: 'POST', body: form });
    const answer = await app.handle(sent);
    expect(await answer.json()).toEqual({
      name: 'Ada',
      tag: ['a', 'b'],
      file: ['cv.txt', 'text/plain', 'analytical engine'],
    });
    // A body that breaks its boundary is the client's mistake.
    const broken = await app.handle(
      new Request('http://localhost/upload', {
        method: 'POST',
        body: 'no parts here',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      }),
    );
    expect(broken.status).toBe(400);
    expect(broken.headers.get('content-type')).toBe('application/problem+json');
    // Where it is not listed, as by default, a 415.
    const fields = new FormData();
    fields.append('name', 'Ada');
    expect((await post(bodyApp(), fields, {})).status).toBe(415);
  });

  it('parses a form, repeated keys becoming lists', async () => {
    const app = bodyApp({ contentTypes: ['application/json', FORM] });
    const response = await post(app, 'name=Ada+Lovelace&tag=math&tag=engines&empty=', {
      'content-type': FORM,
    });
    expect(await response.json()).toEqual({
      hasBody: true,
      body: { name: 'Ada Lovelace', tag: ['math', 'engines'], empty: '' },
    });
  });

  it('keeps form keys that name Object.prototype members as plain fields', async () => {
    const app = bodyApp({ contentTypes: [FORM] });
    const response = await post(app, 'constructor=a&toString=b&__proto__=c', {
      'content-type': FORM,
    });
    // Compared as text: `__proto__` in an object literal would set the prototype instead.
    expect(await response.text()).toBe(
      '{"hasBody":true,"body":{"constructor":"a","toString":"b","__proto__":"c"}}',
    );
  });

  it.each([VENDOR, 'application/vnd.conference.v1.speaker+json'])(
    'parses a whitelisted vendor type (%s) as JSON',
    async (contentType) => {
      const response = await post(bodyApp({ contentTypes: [VENDOR] }), '{"name":"Ada"}', {
        'content-type': contentType,
      });
      expect(await response.json()).toEqual({ hasBody: true, body: { name: 'Ada' } });
    },
  );

  it('takes a whitelisted vendor type with a resource part by its own spelling', async () => {
    const foo = 'application/vnd.laminas.v1.foo+json';
    const app = bodyApp({ contentTypes: ['application/json', foo] });
    const response = await post(app, '{"name":"Ada"}', { 'content-type': foo });
    expect(await response.json()).toEqual({ hasBody: true, body: { name: 'Ada' } });
  });

  it('keeps other whitelisted types as text', async () => {
    const response = await post(bodyApp({ contentTypes: ['text/plain'] }), '{"not":"parsed"}', {
      'content-type': 'text/plain',
    });
    expect(await response.json()).toEqual({ hasBody: true, body: '{"not":"parsed"}' });
  });

  it('parses the body of other methods too', async () => {
    const response = await post(
      bodyApp(),
      '{"done":true}',
      { 'content-type': 'application/json' },
      'PATCH',
    );
    expect(await response.json()).toEqual({ hasBody: true, body: { done: true } });
  });

  it.each([
    ['a type not whitelisted', { 'content-type': 'text/plain' }, 'hello'],
    ['a vendor type not whitelisted', { 'content-type': VENDOR }, '{}'],
    ['a form when only JSON is whitelisted', { 'content-type': FORM }, 'a=1'],
    // A Uint8Array body, unlike a string, gets no Content-Type from the Request constructor.
    ['no content type at all', {}, new TextEncoder().encode('{}')],
  ])('415 problem for a body with %s', async (_rule, headers, body) => {
    const detail = await expectProblem(
      await post(bodyApp(), body, headers),
      415,
      'Unsupported Media Type',
    );
    expect(detail).toBe('Invalid content-type specified');
  });

  it('names the content types it takes in the 415 answer’s Accept header', async () => {
    const app = bodyApp({ contentTypes: ['application/json', FORM] });
    const response = await post(app, 'hello', { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
    expect(response.headers.get('accept')).toBe(`application/json, ${FORM}`);
  });

  it.each([
    ['a wrong content type', { 'content-type': 'text/plain' }],
    ['no content type', {}],
  ])('an empty POST with %s passes, without PARSED_BODY', async (_rule, headers) => {
    const response = await post(bodyApp(), null, headers);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hasBody: false, body: null });
  });

  it.each([
    ['application/json', '{"name": '],
    [VENDOR, "{'single': 'quotes'}"],
  ])('400 problem for malformed JSON sent as %s', async (contentType, body) => {
    const app = bodyApp({ contentTypes: ['application/json', VENDOR] });
    const detail = await expectProblem(
      await post(app, body, { 'content-type': contentType }),
      400,
      'Bad Request',
    );
    expect(detail).toMatch(/^JSON decoding error: \S/);
  });

  it.each(['[]', '{}', '"1"', '1', 'true'])('takes any JSON value (%s)', async (body) => {
    const response = await post(bodyApp(), body, { 'content-type': 'application/json' });
    expect(await response.json()).toEqual({ hasBody: true, body: JSON.parse(body) });
  });

  it.each([' ', '\n', ' \r\n\t '])(
    'reads a JSON body of only white space (%j) as no body',
    async (body) => {
      const response = await post(bodyApp(), body, { 'content-type': 'application/json' });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ hasBody: false, body: null });
    },
  );

  it.each([
    ['application/json', '{"name": "Ada ', '"}'],
    [FORM, 'name=Ada+', ''],
    ['text/plain', 'Ada ', ''],
  ])(
    '400 problem for bytes that are not UTF-8 sent as %s, never U+FFFD',
    async (type, before, after) => {
      const app = bodyApp({ contentTypes: ['application/json', FORM, 'text/plain'] });
      for (const invalid of [[0xff], [0xc3], [0xc0, 0xaf], [0xed, 0xa0, 0x80]]) {
        const body = Buffer.concat([Buffer.from(before), Buffer.from(invalid), Buffer.from(after)]);
        const detail = await expectProblem(
          await post(app, body, { 'content-type': type }),
          400,
          'Bad Request',
        );
        expect(detail).toBe('The request body is not valid UTF-8');
      }
      // The same text, its é encoded right, is read as sent.
      const valid = Buffer.from(`${before}é${after}`);
      const response = await post(app, valid, { 'content-type': type });
      expect(JSON.stringify(await response.json())).toContain('Ada é');
    },
  );

  it('checks Accept before reading the body', async () => {
    const response = await post(bodyApp(), '{"broken', {
      'content-type': 'application/json',
      accept: 'text/html',
    });
    expect(response.status).toBe(406);
  });
});

describe('request body limit', () => {
  it('accepts a body of exactly the limit and refuses one byte more', async () => {
    const app = bodyApp({ bodyLimit: 16 });
    const exact = `"${'x'.repeat(14)}"`;
    const headers = { 'content-type': 'application/json' };
    expect((await post(app, exact, headers)).status).toBe(200);
    const detail = await expectProblem(
      await post(app, `${exact} `, headers),
      413,
      'Payload Too Large',
    );
    expect(detail).toBe('The request body is larger than 16 bytes');
  });

  it('defaults to 1 MiB', async () => {
    expect(DEFAULT_BODY_LIMIT).toBe(1024 * 1024);
    const app = bodyApp();
    const headers = { 'content-type': 'application/json' };
    const exact = `"${'x'.repeat(DEFAULT_BODY_LIMIT - 2)}"`;
    expect((await post(app, exact, headers)).status).toBe(200);
    await expectProblem(await post(app, `${exact} `, headers), 413, 'Payload Too Large');
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    // The body never ends: reading it at all would pull, and reading it to the end would hang.
    const { stream, seen } = countingBody(1024);
    const response = await streamedPost(bodyApp({ bodyLimit: 4096 }), stream, {
      'content-type': 'application/json',
      'content-length': String(2 * 1024 * 1024),
    });
    await expectProblem(response, 413, 'Payload Too Large');
    expect(seen.pulls).toBe(0);
    // The server can still skip a body of declared length and keep the connection.
    expect(response.headers.get('connection')).toBeNull();
  });

  it('stops reading a streamed body as soon as it passes the limit', async () => {
    // 1000 chunks of 1 KiB against a 4 KiB limit: the fifth chunk passes it.
    const { stream, seen } = countingBody(1024, 1000);
    const response = await streamedPost(bodyApp({ bodyLimit: 4096 }), stream, {
      'content-type': 'application/json',
    });
    await expectProblem(response, 413, 'Payload Too Large');
    expect(seen.pulls).toBeLessThanOrEqual(6);
    expect(seen.cancelled).toBe(true);
    // The rest was never read: the connection can carry no other request, and says so.
    expect(response.headers.get('connection')).toBe('close');
  });

  it('reads a streamed body under the limit to the end', async () => {
    const { stream, seen } = countingBody(1024, 3);
    const app = bodyApp({ bodyLimit: 4096, contentTypes: ['text/plain'] });
    const response = await streamedPost(app, stream, { 'content-type': 'text/plain' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hasBody: true, body: ' '.repeat(3072) });
    // The fourth pull found the end and closed the stream.
    expect(seen.pulls).toBe(4);
  });
});

describe('a body the client breaks off', () => {
  it('is a 400 problem, not a server error', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":'));
        controller.error(new Error('aborted'));
      },
    });
    const response = await streamedPost(bodyApp(), broken, { 'content-type': 'application/json' });
    expect(await expectProblem(response, 400, 'Bad Request')).toBe(
      'The request body could not be read',
    );
  });
});
