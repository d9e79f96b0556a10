import { expectResponse, send, serveTarget } from '@hyperpipe/cli/harness';
import { describe, it } from 'vitest';

const GREETING = /hello/i;

describe('step 01: a first application', () => {
  it('answers GET / with 200', async () => {
    const exchange = await send('GET', '/');
    expectResponse(exchange, { status: 200 }, { hint: 1 });
  });

  it('answers GET / with a plain-text greeting that says hello', async () => {
    const exchange = await send('GET', '/');
    expectResponse(
      exchange,
      { status: 200, headers: { 'content-type': /^text\/plain/ }, text: GREETING },
      { hint: 1 },
    );
  });

  it('binds the greeting to GET only: POST / is not greeted', async () => {
    // A route that names its method leaves the others to the router, which refuses them.
    const exchange = await send('POST', '/');
    expectResponse(exchange, { status: 405 }, { hint: 1 });
  });

  it('serves the application from src/server.ts with app.run(), on PORT', async () => {
    const server = await serveTarget({ hint: 4 });
    try {
      const exchange = await send('GET', '/', { origin: server.url });
      expectResponse(exchange, { status: 200, text: GREETING }, { hint: 4 });
    } finally {
      await server.stop();
    }
  });
});
