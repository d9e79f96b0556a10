import { describe, expect, it } from 'vitest';
import { createApplication, json } from '../../src/index.ts';
import { readJson } from '../../src/negotiation/index.ts';

// A handler that reads its own body: malformed JSON is the 400 problem, not a 500.
function application() {
  const app = createApplication();
  app.post('/echo', async (request, response) =>
    json({ got: (await readJson(request, 64)) ?? null }, response),
  );
  return app;
}

const post = (
  body: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) => application().request('/echo', { method: 'POST', body, headers });

describe('readJson()', () => {
  it('reads a JSON body, whatever Content-Type says, and white space as no body', async () => {
    expect(await (await post('{"a":1}')).json()).toEqual({ got: { a: 1 } });
    expect(await (await post('[1,2]', { 'content-type': 'text/plain' })).json()).toEqual({
      got: [1, 2],
    });
    expect(await (await post('  ')).json()).toEqual({ got: null });
  });

  it('answers malformed JSON with the 400 problem, never quoting the body', async () => {
    const answer = await post('{"password": "hunter2"');
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    const problem = await answer.json();
    expect(problem.detail).toBe('JSON decoding error: the request body is not valid JSON');
    expect(JSON.stringify(problem)).not.toContain('hunter2');
  });

  it('keeps the limits of ContentNegotiation: 413 over the limit, 415 for another charset', async () => {
    expect((await post(JSON.stringify({ text: 'x'.repeat(100) }))).status).toBe(413);
    expect((await post('{}', { 'content-type': 'application/json; charset=utf-16' })).status).toBe(
      415,
    );
  });
});
