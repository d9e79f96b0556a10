import {
  createTargetApp,
  expectResponse,
  expectThat,
  readTargetConfig,
  send,
  withLocalConfig,
} from '@hyperpipe/cli/harness';
import { describe, expect, it } from 'vitest';

const CORS = 'access-control-allow-origin';

interface PipelineEntry {
  middleware?: unknown;
  error?: unknown;
  priority?: unknown;
}

describe('step 04: the pipeline and its priorities', () => {
  it('puts the CORS header on routed answers: GET /ping', async () => {
    const exchange = await send('GET', '/ping');
    expectResponse(exchange, { status: 200, headers: { [CORS]: '*' } }, { hint: 1 });
  });

  it('puts the CORS header on a 404 too, so CORS runs before routing', async () => {
    const exchange = await send('GET', '/no-such-page');
    expectResponse(exchange, { status: 404, headers: { [CORS]: '*' } }, { hint: 2 });
  });

  it('answers errors as JSON from error middleware after routing: DELETE /ping', async () => {
    const exchange = await send('DELETE', '/ping');
    expectResponse(
      exchange,
      {
        status: 405,
        headers: { allow: /\bGET\b/, 'content-type': /^application\/json/, [CORS]: '*' },
        json: { status: 405, error: expect.any(String) },
      },
      { hint: 3 },
    );
  });

  it('mounts the blog under /blog', async () => {
    const list = await send('GET', '/blog/');
    expectResponse(
      list,
      {
        status: 200,
        headers: { [CORS]: '*' },
        json: [
          { slug: 'hello-pipeline', href: '/blog/hello-pipeline' },
          { slug: 'routes-as-data', href: '/blog/routes-as-data' },
        ],
      },
      { hint: 4 },
    );
    const post = await send('GET', '/blog/routes-as-data');
    expectResponse(
      post,
      { status: 200, json: { slug: 'routes-as-data', title: 'Routes as data' } },
      { hint: 4 },
    );
  });

  it('mounts the API under /api', async () => {
    const exchange = await send('GET', '/api/echo/hello');
    expectResponse(
      exchange,
      { status: 200, headers: { [CORS]: '*' }, json: { echo: 'hello' } },
      { hint: 4 },
    );
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
      hint: 5,
    });
    const unordered = entries.filter(([, entry]) => typeof entry.priority !== 'number');
    expectThat(unordered.length === 0, {
      expected: 'a priority on every entry: merged files append, so only priorities fix the order',
      received: `no priority on: ${unordered.map(([key]) => key).join(', ')}`,
      hint: 5,
    });
    const errors = entries.filter(([, entry]) => entry.error === true);
    const early = errors.filter(([, entry]) => (entry.priority as number) >= 1);
    expectThat(errors.length > 0 && early.length === 0, {
      expected: 'error middleware (error: true) at a priority below 1, after routing',
      received:
        errors.length === 0
          ? 'no entry with error: true'
          : early.map(([key, entry]) => `${key} has priority ${entry.priority}`),
      hint: 5,
    });
  });

  it('lets a *.local.* file override the global configuration: cors.allow_origin', async () => {
    const origin = 'https://workshop.test';
    const exchange = await withLocalConfig({ cors: { allow_origin: origin } }, async () =>
      send('GET', '/ping', { app: await createTargetApp() }),
    );
    expectThat(exchange.headers.get(CORS) === origin, {
      expected: [
        `${CORS}: ${origin}`,
        `while config/autoload/check-<pid>.local.json holds { "cors": { "allow_origin": "${origin}" } },`,
        'because the CORS middleware reads cors.allow_origin from the merged configuration',
      ],
      exchange,
      hint: 6,
    });
  });
});
