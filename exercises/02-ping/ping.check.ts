import { expectResponse, satisfies, send, serveTarget } from '@hyperpipe/cli/harness';
import { describe, it } from 'vitest';

/** The Unix time in whole seconds, read from this process's clock. */
const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** The Unix time in whole seconds at some moment between `before` and `after`. */
const secondsBetween = (before: number, after: number) =>
  satisfies(
    (ack) => Number.isInteger(ack) && (ack as number) >= before && (ack as number) <= after,
    `the Unix time in whole seconds while the request ran: ${before === after ? before : `from ${before} to ${after}`}`,
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
    // The clock is read just before and just after each request. Twice: a request that spans
    // the turn of a second could hide an ack one second ahead, but two in a row cannot.
    for (let request = 0; request < 2; request++) {
      const before = nowInSeconds();
      const exchange = await send('GET', '/ping');
      const after = nowInSeconds();
      expectResponse(
        exchange,
        { status: 200, json: { ack: secondsBetween(before, after) } },
        { hint: 4 },
      );
    }
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
