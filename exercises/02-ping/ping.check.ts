import { expectResponse, satisfies, send, serveTarget } from '@hyperpipe/cli/harness';
import { describe, it } from 'vitest';

const nowInSeconds = satisfies(
  (ack) => Number.isInteger(ack) && Math.abs((ack as number) - Date.now() / 1000) <= 5,
  `the current Unix time in whole seconds, such as ${Math.floor(Date.now() / 1000)}`,
);

describe('step 02: routes and methods', () => {
  it('answers GET /ping with JSON', async () => {
    const exchange = await send('GET', '/ping');
    expectResponse(
      exchange,
      { status: 200, headers: { 'content-type': /^application\/json/ }, json: {} },
      { hint: 1 },
    );
  });

  it('puts the current Unix time in seconds in the "ack" field of GET /ping', async () => {
    const exchange = await send('GET', '/ping');
    expectResponse(exchange, { status: 200, json: { ack: nowInSeconds } }, { hint: 4 });
  });

  it('answers POST /post with plain text, Content-Type included, over a real socket', async () => {
    // In-process, a Response built from a string gets text/plain by itself; the server of
    // app.run() sends no Content-Type the application did not set.
    const server = await serveTarget({ hint: 6 });
    try {
      const exchange = await send('POST', '/post', { origin: server.url });
      expectResponse(
        exchange,
        { status: 200, headers: { 'content-type': /^text\/plain/ }, text: /\S/ },
        { hint: 6 },
      );
    } finally {
      await server.stop();
    }
  });

  // Allow is compared whole: a route that takes one method more answers it, and says so there.
  for (const [method, path, allow] of [
    ['DELETE', '/ping', 'GET,HEAD'],
    ['POST', '/ping', 'GET,HEAD'],
    ['GET', '/post', 'POST'],
    ['PUT', '/post', 'POST'],
  ] as const) {
    it(`answers ${method} ${path} with 405 Method Not Allowed and Allow: ${allow}`, async () => {
      const exchange = await send(method, path);
      expectResponse(exchange, { status: 405, headers: { allow } }, { hint: 9 });
    });
  }

  it('still greets on GET /', async () => {
    const exchange = await send('GET', '/');
    expectResponse(exchange, { status: 200, text: /hello/i }, { hint: 1 });
  });
});
