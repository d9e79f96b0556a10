import {
  type Application,
  createApplication,
  json,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import { ContentNegotiation, PARSED_BODY } from 'hyperpipe/negotiation';
import type { RunningServer } from 'hyperpipe/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

const running: RunningServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/**
 * A bare application, as a first one is written: no problem middleware, one route that
 * reads its JSON body the framework's way and echoes it.
 */
function bareApp(onError = vi.fn()): Application {
  const app = createApplication({ onError });
  app.post('/speaker', [
    new ContentNegotiation(),
    (request: ServerRequest, response: ResponsePrototype) =>
      json({ received: request.getAttribute(PARSED_BODY) }, response),
  ]);
  return app;
}

const JSON_BODY = { 'content-type': 'application/json' };

/** Bodies that are not JSON, each with a part a parser's message would quote back. */
const MALFORMED = ['{"name": "Ada', "{'name': 'Ada'}", 'token=s3cr3t', '{"name": "Ada"} trailing'];

/** The problem a client must get for each of them. */
const NOT_JSON = {
  type: 'https://www.rfc-editor.org/rfc/rfc9110#status.400',
  title: 'Bad Request',
  status: 400,
  detail: 'JSON decoding error: the request body is not valid JSON',
};

async function expectNotJsonProblem(answer: Response): Promise<void> {
  expect(answer.status).toBe(400);
  expect(answer.headers.get('content-type')).toBe('application/problem+json');
  // Exactly this document: nothing of the parser's message, nor of the body it quotes.
  expect(await answer.json()).toEqual(NOT_JSON);
}

describe('malformed JSON read in a bare application', () => {
  it.each(MALFORMED)('is a 400 problem in process (%s)', async (body) => {
    const onError = vi.fn();
    const app = bareApp(onError);
    const request = new Request('http://localhost/speaker', {
      method: 'POST',
      headers: JSON_BODY,
      body,
    });
    await expectNotJsonProblem(await app.handle(request));
    expect(onError).not.toHaveBeenCalled(); // the client's mistake, not the server's
  });

  it('is a 400 problem over a socket', async () => {
    const server = await bareApp().run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
    running.push(server);
    for (const body of MALFORMED) {
      const answer = await fetch(`${server.url}/speaker`, {
        method: 'POST',
        headers: JSON_BODY,
        body,
      });
      await expectNotJsonProblem(answer);
    }
  });

  it('leaves well-formed JSON to the route', async () => {
    const server = await bareApp().run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
    running.push(server);
    const answer = await fetch(`${server.url}/speaker`, {
      method: 'POST',
      headers: JSON_BODY,
      body: '{"name": "Ada"}',
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: { name: 'Ada' } });
  });
});
