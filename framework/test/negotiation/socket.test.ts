import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createApplication, json, type ResponsePrototype, type ServerRequest } from 'hyperpipe';
import { ContentNegotiation, PARSED_BODY } from 'hyperpipe/negotiation';
import { ProblemMiddleware } from 'hyperpipe/problem';
import { expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT } from '../../src/negotiation/ContentNegotiation.ts';

function echoApp() {
  const app = createApplication();
  app.pipe('/', new ProblemMiddleware(), { priority: -100 });
  app.post('/echo', [
    new ContentNegotiation(),
    (request: ServerRequest, response: ResponsePrototype) =>
      json({ body: request.getAttribute(PARSED_BODY) ?? null }, response),
  ]);
  return app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
}

it('parses and limits request bodies over a real socket', async () => {
  const server = await echoApp();
  try {
    const headers = { 'content-type': 'application/json' };
    const ok = await fetch(`${server.url}/echo`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Ada' }),
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/json');
    expect(await ok.json()).toEqual({ body: { name: 'Ada' } });

    // fetch declares the length, so the server refuses before reading the body.
    const tooLarge = await fetch(`${server.url}/echo`, {
      method: 'POST',
      headers,
      body: 'x'.repeat(DEFAULT_BODY_LIMIT + 1),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('content-type')).toBe('application/problem+json');
    expect(((await tooLarge.json()) as { detail: string }).detail).toBe(
      `The request body is larger than ${DEFAULT_BODY_LIMIT} bytes`,
    );
  } finally {
    await server.close();
  }
});

async function expectProblem(response: Response, status: number, detail: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect(((await response.json()) as { detail: string }).detail).toBe(detail);
}

it('refuses a body with a content coding with a 415 that names identity, compressed or not', async () => {
  const server = await echoApp();
  const plain = JSON.stringify({ name: 'Ada' });
  const bodies: [string, BodyInit][] = [
    ['gzip', gzipSync(plain)],
    ['gzip', plain],
    ['br', brotliCompressSync(plain)],
    ['br', plain],
    ['deflate, gzip', plain],
  ];
  try {
    for (const [coding, body] of bodies) {
      const response = await fetch(`${server.url}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': coding },
        body,
      });
      expect(response.headers.get('accept-encoding')).toBe('identity');
      await expectProblem(
        response,
        415,
        `The content coding "${coding}" is not supported; send the body without a Content-Encoding`,
      );
    }
    const identity = await fetch(`${server.url}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'Identity' },
      body: plain,
    });
    expect(await identity.json()).toEqual({ body: { name: 'Ada' } });
  } finally {
    await server.close();
  }
});

it('refuses a body in a charset other than UTF-8 with a 415', async () => {
  const server = await echoApp();
  const post = (contentType: string) =>
    fetch(`${server.url}/echo`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: JSON.stringify({ name: 'Ada' }),
    });
  try {
    for (const [contentType, charset] of [
      ['application/json; charset=utf-16', 'utf-16'],
      ['application/json;charset="UTF-16LE"', 'utf-16le'],
      ['application/json; charset=bogus', 'bogus'],
      ['application/json; Charset=ISO-8859-1', 'iso-8859-1'],
    ]) {
      await expectProblem(
        await post(contentType as string),
        415,
        `The charset "${charset}" is not supported; send the body in UTF-8`,
      );
    }
    for (const contentType of [
      'application/json; charset=UTF-8',
      'application/json; charset="utf-8"',
      'application/json; charset=us-ascii',
    ]) {
      expect(await (await post(contentType)).json()).toEqual({ body: { name: 'Ada' } });
    }
  } finally {
    await server.close();
  }
});
