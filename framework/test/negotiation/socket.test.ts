import { createApplication, json, type ResponsePrototype, type ServerRequest } from 'hyperpipe';
import { ContentNegotiation, PARSED_BODY } from 'hyperpipe/negotiation';
import { ProblemMiddleware } from 'hyperpipe/problem';
import { expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT } from '../../src/negotiation/ContentNegotiation.ts';

it('parses and limits request bodies over a real socket', async () => {
  const app = createApplication();
  app.pipe('/', new ProblemMiddleware(), { priority: -100 });
  app.post('/echo', [
    new ContentNegotiation(),
    (request: ServerRequest, response: ResponsePrototype) =>
      json({ body: request.getAttribute(PARSED_BODY) ?? null }, response),
  ]);
  const server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
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
