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
    expectResponse(exchange, { status: 200, json: { ack: nowInSeconds } }, { hint: 2 });
  });

  it('answers POST /post with plain text, Content-Type included, over a real socket', async () => {
    // In-process, a Response built from a string gets text/plain by itself; the server of
    // app.run() sends no Content-Type the application did not set.
    const server = await serveTarget({ hint: 3 });
    try {
      const exchange = await send('POST', '/post', { origin: server.url });
      expectResponse(
        exchange,
        { status: 200, headers: { 'content-type': /^text\/plain/ }, text: /\S/ },
        { hint: 3 },
      );
    } finally {
      await server.stop();
    }
  });

  it('answers DELETE /ping with 405 Method Not Allowed and Allow: GET,HEAD', async () => {
    const exchange = await send('DELETE', '/ping');
    expectResponse(exchange, { status: 405, headers: { allow: /\bGET\b/ } }, { hint: 4 });
  });

  it('answers GET /post with 405 Method Not Allowed and Allow: POST', async () => {
    const exchange = await send('GET', '/post');
    expectResponse(exchange, { status: 405, headers: { allow: /\bPOST\b/ } }, { hint: 4 });
  });

  it('still greets on GET /', async () => {
    const exchange = await send('GET', '/');
    expectResponse(exchange, { status: 200, text: /hello/i }, { hint: 1 });
  });
});
