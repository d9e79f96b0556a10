import {
  createTargetApp,
  expectResponse,
  expectThat,
  loadCreateApp,
  readTargetConfig,
  send,
  withLocalConfig,
} from '@hyperpipe/cli/harness';
import type { Application } from 'hyperpipe';
import { describe, expect, it } from 'vitest';

const CORS = 'access-control-allow-origin';
const SECRET = 'the database password is hunter2';
/** An origin no configuration names: the answer must name the configured one all the same. */
const ELSEWHERE = { origin: 'https://elsewhere.test' };

interface PipelineEntry {
  middleware?: unknown;
  error?: unknown;
  priority?: unknown;
}

describe('step 04: the pipeline and its priorities', () => {
  it('still routes GET /ping and GET /hello/Ada once middleware_pipeline is configured', async () => {
    const createApp = await loadCreateApp();
    let app: Application;
    try {
      app = await createApp();
    } catch (error) {
      // A configured pipeline without routing and dispatch fails when the application is built.
      expectThat(false, {
        expected: 'createApp() builds the application from middleware_pipeline',
        received: `createApp() threw: ${error instanceof Error ? error.message : String(error)}`,
        hint: 11,
      });
    }
    expectResponse(
      await send('GET', '/ping', { app }),
      { status: 200, json: { ack: expect.any(Number) } },
      { hint: 11 },
    );
    expectResponse(
      await send('GET', '/hello/Ada', { app }),
      { status: 200, text: 'Hello, Ada!' },
      { hint: 11 },
    );
  });

  it('puts the configured CORS header on routed answers, whatever Origin asks: GET /ping', async () => {
    const exchange = await send('GET', '/ping', { headers: ELSEWHERE });
    if (exchange.headers.get(CORS) !== '*') {
      // The final handler's 404 comes after every middleware that hands on: when it has the
      // header and a routed answer does not, the CORS middleware is there, but after routing.
      const missing = await send('GET', '/no-such-page', { headers: ELSEWHERE });
      expectThat(missing.headers.get(CORS) !== '*', {
        expected: [
          `${CORS}: * on GET /ping as on this 404: CORS runs after routing, so routed`,
          'answers never reach it (only what falls through to the final handler does)',
        ],
        exchange: missing,
        hint: 4,
      });
    }
    expectResponse(exchange, { status: 200, headers: { [CORS]: '*' } }, { hint: 1 });
  });

  it('runs CORS before routing and the mounts: the 405 routing throws and the mounted answers carry the header', async () => {
    // The final handler's 404 would carry it from any priority: nothing throws on the way.
    // A 405 is thrown by routing, and a mount answers without handing on, so only
    // middleware that ran before them can have set the header.
    for (const [method, path] of [
      ['DELETE', '/ping'],
      ['GET', '/blog/'],
      ['GET', '/api/echo/hello'],
    ] as const) {
      const exchange = await send(method, path);
      expectResponse(exchange, { headers: { [CORS]: '*' } }, { hint: 4 });
    }
  });

  it('answers errors as JSON from error middleware after routing: DELETE /ping', async () => {
    const exchange = await send('DELETE', '/ping');
    expectResponse(
      exchange,
      {
        status: 405,
        headers: { allow: 'GET,HEAD', 'content-type': /^application\/json/ },
        json: { status: 405, error: 'Method Not Allowed' },
      },
      { hint: 6 },
    );
  });

  it('answers a 500 as JSON that does not tell the message of what was thrown', async () => {
    const app = await createTargetApp();
    // A route that fails the way a server does, added to your application for this check.
    app.get('/check/failing', () => {
      throw new Error(SECRET);
    });
    const exchange = await send('GET', '/check/failing', { app });
    expectResponse(
      exchange,
      {
        status: 500,
        headers: { 'content-type': /^application\/json/ },
        json: { status: 500, error: 'Internal Server Error' },
      },
      { hint: 6 },
    );
    expectThat(!exchange.text.includes(SECRET), {
      expected: `an answer without the message thrown ("${SECRET}"), such as "Internal Server Error"`,
      exchange,
      hint: 6,
    });
  });

  it('mounts the blog under /blog', async () => {
    const list = await send('GET', '/blog/');
    expectResponse(
      list,
      {
        status: 200,
        json: [
          { slug: 'hello-pipeline', href: '/blog/hello-pipeline' },
          { slug: 'routes-as-data', href: '/blog/routes-as-data' },
        ],
      },
      { hint: 9 },
    );
    const post = await send('GET', '/blog/routes-as-data');
    expectResponse(
      post,
      { status: 200, json: { slug: 'routes-as-data', title: 'Routes as data' } },
      { hint: 9 },
    );
  });

  it('mounts the API under /api', async () => {
    const exchange = await send('GET', '/api/echo/hello');
    expectResponse(exchange, { status: 200, json: { echo: 'hello' } }, { hint: 9 });
  });

  it('orders middleware_pipeline by priority: errors below 1, everything else explicit', async () => {
    const { middleware_pipeline: pipeline } = await readTargetConfig();
    const entries =
      typeof pipeline === 'object' && pipeline !== null && !Array.isArray(pipeline)
        ? Object.entries(pipeline as Record<string, PipelineEntry>)
        : [];
    expectThat(entries.length > 0, {
      expected: 'middleware_pipeline in config/autoload: a map of entries keyed by name',
      received: `middleware_pipeline: ${Array.isArray(pipeline) ? 'a list' : JSON.stringify(pipeline)}`,
      hint: 11,
    });
    const unordered = entries.filter(([, entry]) => typeof entry.priority !== 'number');
    expectThat(unordered.length === 0, {
      expected: 'a priority on every entry: merged files append, so only priorities fix the order',
      received: `no priority on: ${unordered.map(([key]) => key).join(', ')}`,
      hint: 11,
    });
    const errors = entries.filter(([, entry]) => entry.error === true);
    const early = errors.filter(([, entry]) => (entry.priority as number) >= 1);
    expectThat(errors.length > 0 && early.length === 0, {
      expected: 'error middleware (error: true) at a priority below 1, after routing',
      received:
        errors.length === 0
          ? 'no entry with error: true'
          : early.map(([key, entry]) => `${key} has priority ${entry.priority}`),
      hint: 11,
    });
  });

  it('lets a *.local.* file override the global configuration: cors.allow_origin', async () => {
    const origin = 'https://workshop.test';
    const exchange = await withLocalConfig({ cors: { allow_origin: origin } }, async () =>
      send('GET', '/ping', { headers: ELSEWHERE, app: await createTargetApp() }),
    );
    expectThat(exchange.headers.get(CORS) === origin, {
      expected: [
        `${CORS}: ${origin}`,
        `while config/autoload/check-<pid>.local.json holds { "cors": { "allow_origin": "${origin}" } },`,
        'because the CORS middleware reads cors.allow_origin from the merged configuration',
      ],
      exchange,
      hint: 13,
    });
  });
});
