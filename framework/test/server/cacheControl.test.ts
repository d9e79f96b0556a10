import { type Application, createApplication, json, text } from 'hyperpipe';
import type { RunningServer } from 'hyperpipe/server';
import { afterEach, describe, expect, it } from 'vitest';

const running: RunningServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

const PUBLIC = 'public, max-age=60';

/** Two routes that may be cached, each setting `Cache-Control` on its answer, and one that says nothing. */
function app(): Application {
  const application = createApplication();
  application.get('/timezones', () =>
    json(['Europe/Paris'], { headers: { 'Cache-Control': PUBLIC } }),
  );
  application.get('/logo', (_request, response) => {
    response.headers.set('Cache-Control', PUBLIC);
    return text('logo', response);
  });
  application.get('/speaker', () => json([{ name: 'Ada' }]));
  return application;
}

async function start(): Promise<string> {
  const server = await app().run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
  running.push(server);
  return server.url;
}

async function cacheControl(url: string, method = 'GET'): Promise<string | null> {
  const response = await fetch(url, { method });
  await response.body?.cancel();
  return response.headers.get('cache-control');
}

describe('Cache-Control over a socket', () => {
  it.each(['/timezones', '/logo'])('is the one a route sets on its answer (%s)', async (path) => {
    const url = await start();
    expect(await cacheControl(`${url}${path}`)).toBe(PUBLIC);
    expect(await cacheControl(`${url}${path}`, 'HEAD')).toBe(PUBLIC);
  });

  it('is no-store on every other answer, a 404 included', async () => {
    const url = await start();
    expect(await cacheControl(`${url}/speaker`)).toBe('no-store');
    expect(await cacheControl(`${url}/nowhere`)).toBe('no-store');
    expect(await cacheControl(`${url}/timezones`, 'POST')).toBe('no-store');
  });
});
