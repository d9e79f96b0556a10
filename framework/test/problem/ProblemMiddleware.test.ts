import { type Application, createApplication, type ErrorLogger, HttpError, text } from 'hyperpipe';
import { ApiProblem, NotFoundProblemMiddleware, ProblemMiddleware } from 'hyperpipe/problem';
import { describe, expect, it, vi } from 'vitest';

const RFC_9110 = 'https://www.rfc-editor.org/rfc/rfc9110#status.';

/** An app whose `/fail` throws `error`, `/ok` answers GET and POST, with ProblemMiddleware last. */
function appThrowing(error: unknown, options: { debug?: boolean; onError?: ErrorLogger } = {}) {
  const onError = options.onError ?? vi.fn<ErrorLogger>();
  const app = createApplication();
  app.route('/fail', () => {
    throw error;
  }, ['GET']);
  app.route('/ok', () => text('ok'), ['GET', 'POST']);
  app.pipe('/', new ProblemMiddleware({ debug: options.debug, onError }), { priority: -100 });
  return { app, onError };
}

function call(app: Application, path: string, init: RequestInit = {}): Promise<Response> {
  return app.handle(new Request(`http://localhost${path}`, init));
}

describe('ProblemMiddleware', () => {
  it('renders a thrown ApiProblem as itself', async () => {
    const problem = new ApiProblem(409, 'Invalid page provided', {
      extensions: { page: 9 },
      headers: { 'Retry-After': '5' },
    });
    const { app, onError } = appThrowing(problem);
    const response = await call(app, '/fail');
    expect(response.status).toBe(409);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({
      type: `${RFC_9110}409`,
      title: 'Conflict',
      status: 409,
      detail: 'Invalid page provided',
      page: 9,
    });
    expect(onError).not.toHaveBeenCalled();
  });

  it("renders the router's 405 as a problem that keeps the Allow header", async () => {
    const { app, onError } = appThrowing(new Error('unused'));
    const response = await call(app, '/ok', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET,HEAD,POST');
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const body = await response.json();
    expect(body).toMatchObject({
      type: `${RFC_9110}405`,
      title: 'Method Not Allowed',
      status: 405,
    });
    expect(body.detail).toContain('DELETE');
    expect(onError).not.toHaveBeenCalled();
  });

  it('keeps the status, message and headers of another HttpError', async () => {
    const error = new HttpError(401, 'Who are you?', { headers: { 'WWW-Authenticate': 'Basic' } });
    const { app, onError } = appThrowing(error);
    const response = await call(app, '/fail');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Basic');
    expect(await response.json()).toEqual({
      type: `${RFC_9110}401`,
      title: 'Unauthorized',
      status: 401,
      detail: 'Who are you?',
    });
    expect(onError).not.toHaveBeenCalled();
  });

  it('answers any other error with a 500 that tells nothing about the server', async () => {
    const { app } = appThrowing(new Error('password=hunter2 at /srv/secret.ts'));
    const response = await call(app, '/fail');
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const body = await response.json();
    expect(body).toEqual({
      type: `${RFC_9110}500`,
      title: 'Internal Server Error',
      status: 500,
      detail: 'The server could not complete the request',
    });
  });

  it('shows the message and a stack extension of a 500 with debug', async () => {
    const { app } = appThrowing(new Error('disk on fire'), { debug: true });
    const response = await call(app, '/fail');
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body.detail).toBe('disk on fire');
    expect(Array.isArray(body.stack)).toBe(true);
    expect(body.stack[0]).toBe('Error: disk on fire');
  });

  it('shows the chain of causes of a 500 with debug, nearest first', async () => {
    const root = new Error('ECONNREFUSED 10.0.0.7:5432');
    const middle = new Error('cannot reach the database', { cause: root });
    const error = new Error('cannot load speaker 7', { cause: middle });
    const { app } = appThrowing(error, { debug: true });
    const body = await (await call(app, '/fail')).json();
    expect(body.causes.map((cause: { message: string }) => cause.message)).toEqual([
      'cannot reach the database',
      'ECONNREFUSED 10.0.0.7:5432',
    ]);
    expect(body.causes[1].stack[0]).toBe('Error: ECONNREFUSED 10.0.0.7:5432');
  });

  it('ends a chain of causes that loops, and shows a cause that is no Error as text', async () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    first.cause = second;
    const { app } = appThrowing(first, { debug: true });
    const looped = await (await call(app, '/fail')).json();
    expect(looped.causes.map((cause: { message: string }) => cause.message)).toEqual(['second']);

    const { app: other } = appThrowing(new Error('failed', { cause: 42 }), { debug: true });
    expect((await (await call(other, '/fail')).json()).causes).toEqual([{ message: '42' }]);
  });

  it('shows no causes without debug', async () => {
    const error = new Error('cannot load', { cause: new Error('secret host') });
    const body = await (await call(appThrowing(error).app, '/fail')).json();
    expect(body).not.toHaveProperty('causes');
    expect(JSON.stringify(body)).not.toContain('secret host');
  });

  it('gives a thrown non-Error the generic detail even with debug', async () => {
    const { app, onError } = appThrowing('a bare string', { debug: true });
    const response = await call(app, '/fail');
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body.detail).toBe('The server could not complete the request');
    expect(body).not.toHaveProperty('stack');
    expect(onError).toHaveBeenCalledOnce();
  });

  it('keeps the status of a 5xx HttpError without telling its message', async () => {
    const { app, onError } = appThrowing(new HttpError(503, 'database host db-7 is down'));
    const response = await call(app, '/fail');
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body.title).toBe('Service Unavailable');
    expect(body.detail).not.toContain('db-7');
    expect(onError).toHaveBeenCalledOnce();
  });

  it('reports server errors to onError, with the request', async () => {
    const error = new Error('boom');
    const { app, onError } = appThrowing(error);
    await call(app, '/fail');
    expect(onError).toHaveBeenCalledOnce();
    expect(onError).toHaveBeenCalledWith(error, expect.objectContaining({ path: '/fail' }));
  });

  it('keeps headers outer middleware set on the response prototype, not their content type', async () => {
    const { app } = appThrowing(new ApiProblem(403, 'Forbidden'));
    app.pipe(
      '/',
      (request, response, next) => {
        response.headers.set('Access-Control-Allow-Origin', '*');
        response.headers.set('Content-Type', 'text/html');
        return next(request, response);
      },
      { priority: 100 },
    );
    const response = await call(app, '/fail');
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('content-type')).toBe('application/problem+json');
  });
});

describe('NotFoundProblemMiddleware', () => {
  function appWithNotFound(): Application {
    const app = createApplication();
    app.route('/here', () => text('here'), ['GET']);
    app.pipe('/', new NotFoundProblemMiddleware(), { priority: -50 });
    app.pipe('/', new ProblemMiddleware(), { priority: -100 });
    return app;
  }

  it.each([
    ['application/json', { accept: 'application/json' }],
    ['application/hal+json', { accept: 'application/hal+json' }],
    [
      'text/html, application/problem+json;q=0.5',
      { accept: 'text/html, application/problem+json;q=0.5' },
    ],
    ['*/*', { accept: '*/*' }],
    ['no Accept header', {}],
  ])('answers a client accepting %s with a 404 problem', async (_name, headers) => {
    const response = await call(appWithNotFound(), '/nowhere', { headers });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({
      type: `${RFC_9110}404`,
      title: 'Not Found',
      status: 404,
    });
  });

  it.each([
    ['text/html', { accept: 'text/html' }],
    ['text/plain', { accept: 'text/plain' }],
    ['text/*', { accept: 'text/*' }],
  ])('passes a client with %s on to the plain 404', async (_name, headers) => {
    const response = await call(appWithNotFound(), '/nowhere', { headers });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('does not touch requests a route answered', async () => {
    const response = await call(appWithNotFound(), '/here', {
      headers: { accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('here');
  });
});
