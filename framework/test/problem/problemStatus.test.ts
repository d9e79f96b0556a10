import { createApplication } from 'hyperpipe';
import { ApiProblem, ProblemMiddleware } from 'hyperpipe/problem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const RFC_9110 = 'https://www.rfc-editor.org/rfc/rfc9110#status.';

/** Statuses no final answer can have: not integers, 1xx, or out of 100–599. */
const INVALID = [0, -1, 7, 14, 99, 100, 199, 600, 1000, 404.5, Number.NaN];

describe('the status of a problem', () => {
  it.each(INVALID)('%s is replaced by 500', (status) => {
    const problem = new ApiProblem(status, 'boom');
    expect(problem.status).toBe(500);
    expect(problem.toJSON()).toEqual({
      type: `${RFC_9110}500`,
      title: 'Internal Server Error',
      status: 500,
      detail: 'boom',
    });
  });

  it.each([200, 302, 404, 599])('%s is kept', (status) => {
    expect(new ApiProblem(status, 'boom').status).toBe(status);
  });

  it('is titled "Unknown" when HTTP gives it no reason phrase', () => {
    expect(new ApiProblem(420, 'boom').toJSON()).toMatchObject({
      type: 'about:blank',
      title: 'Unknown',
      status: 420,
    });
  });
});

/** An application that throws a problem of the status the path names. */
function throwingApp() {
  const app = createApplication();
  app.pipe('/', new ProblemMiddleware(), { priority: -100 });
  app.get('/status/{status}', (request) => {
    throw new ApiProblem(Number(request.param('status')), 'boom');
  });
  return app;
}

describe('a problem of an invalid status', () => {
  const app = throwingApp();
  let url: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
    url = server.url;
    close = () => server.close();
  });
  afterAll(() => close());

  const statuses = [0, -1, 7, 14, 100, 600];

  it.each(statuses)('%s is a 500 problem over a socket', async (status) => {
    const response = await fetch(`${url}/status/${status}`);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 500, detail: 'boom' });
  });

  it.each(statuses)('%s is a 500 problem in-process', async (status) => {
    const response = await app.handle(new Request(`http://localhost/status/${status}`));
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 500, detail: 'boom' });
  });
});
