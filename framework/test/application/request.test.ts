import { describe, expect, it } from 'vitest';
import { createApplication, json } from '../../src/index.ts';
import { ApiProblem } from '../../src/problem/index.ts';

// Testing an application without a socket, as Hono's app.request() and Fastify's inject() do.
function application() {
  const app = createApplication();
  app.get('/ping', (request) => json({ url: request.request.url, q: request.query.get('q') }));
  app.post('/echo', async (request) =>
    json({ got: await request.request.text(), type: request.headers.get('content-type') }),
  );
  app.get('/fails', () => {
    throw new ApiProblem(409, 'Taken');
  });
  return app;
}

describe('app.request()', () => {
  it('answers a path, read against http://localhost, with its query', async () => {
    const answer = await application().request('/ping?q=1');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ url: 'http://localhost/ping?q=1', q: '1' });
  });

  it('sends the method, headers and body of its init', async () => {
    const answer = await application().request('/echo', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(await answer.json()).toEqual({ got: 'hello', type: 'text/plain' });
  });

  it('takes a full URL or a Request as they are', async () => {
    const app = application();
    const byUrl = await app.request(new URL('http://api.test/ping'));
    expect((await byUrl.json()).url).toBe('http://api.test/ping');
    const byRequest = await app.request(
      new Request('http://api.test/echo', { method: 'POST', body: 'x' }),
    );
    expect((await byRequest.json()).got).toBe('x');
  });

  it('answers as a server would: 404, 405 with Allow, a problem, HEAD without a body', async () => {
    const app = application();
    expect((await app.request('/nowhere')).status).toBe(404);
    const wrongMethod = await app.request('/ping', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toContain('GET');
    const problem = await app.request('/fails');
    expect(problem.status).toBe(409);
    expect(problem.headers.get('content-type')).toBe('application/problem+json');
    const head = await app.request('/ping', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
