import { createApplication, json, type MiddlewareFunction } from 'hyperpipe';
import { ProblemMiddleware } from 'hyperpipe/problem';
import { describe, expect, it } from 'vitest';

/** Outer middleware that sets headers on the prototype, then hands on. */
const tagging: MiddlewareFunction = (_request, response, next) => {
  response.headers.set('x-request-id', 'abc');
  response.headers.set('content-type', 'application/vnd.negotiated+json');
  return next();
};

function get(app: ReturnType<typeof createApplication>, path: string): Promise<Response> {
  return app.handle(new Request(`http://localhost${path}`));
}

describe('headers set on the response prototype before next()', () => {
  it('are carried onto a response built without the prototype', async () => {
    const app = createApplication();
    app.pipe(tagging);
    app.get('/plain', () => json({ ok: true }));
    const response = await get(app, '/plain');
    expect(response.headers.get('x-request-id')).toBe('abc');
    // The content type describes the body, which the prototype did not write.
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('give way to a header the response sets itself', async () => {
    const app = createApplication();
    app.pipe(tagging);
    app.get('/own', () => json({}, { headers: { 'x-request-id': 'own' } }));
    expect((await get(app, '/own')).headers.get('x-request-id')).toBe('own');
  });

  it('reach Response.redirect(), whose headers cannot be changed in place', async () => {
    const app = createApplication();
    app.pipe(tagging);
    app.get('/moved', () => Response.redirect('http://localhost/there', 301));
    const response = await get(app, '/moved');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('http://localhost/there');
    expect(response.headers.get('x-request-id')).toBe('abc');
  });

  it('reach the 404 of the final handler and error answers', async () => {
    const app = createApplication({ onError: () => {} });
    app.pipe(tagging);
    app.pipe('/', new ProblemMiddleware({ onError: () => {} }), { priority: -100 });
    app.get('/boom', () => {
      throw new Error('boom');
    });
    const missing = await get(app, '/nowhere');
    expect([missing.status, missing.headers.get('x-request-id')]).toEqual([404, 'abc']);
    const failed = await get(app, '/boom');
    expect([failed.status, failed.headers.get('x-request-id')]).toEqual([500, 'abc']);
    expect(failed.headers.get('content-type')).toBe('application/problem+json');
  });
});
