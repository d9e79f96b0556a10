import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Application } from 'hyperpipe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from './api/createApiApp.ts';
import { createExampleApp } from './createExampleApp.ts';

let app: Application;
beforeAll(async () => {
  app = await createExampleApp();
});

function call(method: string, path: string, headers: HeadersInit = {}): Promise<Response> {
  return app.handle(new Request(`http://localhost${path}`, { method, headers }));
}

describe('the code-driven hello application (SPEC 4.2)', () => {
  it('answers GET / with a plain-text greeting', async () => {
    const response = await call('GET', '/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('Hello from Hyperpipe!');
  });

  it('answers GET /ping with the current Unix time in seconds', async () => {
    const before = Math.floor(Date.now() / 1000);
    const body = await (await call('GET', '/ping')).json();
    const after = Math.floor(Date.now() / 1000);
    expect(Number.isInteger(body.ack)).toBe(true);
    expect(body.ack).toBeGreaterThanOrEqual(before);
    expect(body.ack).toBeLessThanOrEqual(after);
  });

  it('answers POST /post with the text written to the response prototype', async () => {
    const response = await call('POST', '/post');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('IN POST!');
  });

  it('answers a wrong method on a known path with 405 and Allow', async () => {
    const response = await call('DELETE', '/ping');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET,HEAD');
  });
});

describe('the blog mounted under /blog', () => {
  it('lists posts with links that include the mount prefix', async () => {
    const posts = await (await call('GET', '/blog')).json();
    expect(posts.map((post: { href: string }) => post.href)).toEqual([
      '/blog/hello-pipeline',
      '/blog/routes-as-data',
    ]);
  });

  it('shows one post, and passes unknown slugs on to the parent for a 404', async () => {
    expect(await (await call('GET', '/blog/routes-as-data')).json()).toEqual({
      slug: 'routes-as-data',
      title: 'Routes as data',
    });
    const missing = await call('GET', '/blog/nope', { accept: 'text/plain' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Cannot GET /blog/nope');
  });
});

describe('the configuration-driven API mounted under /api', () => {
  it('serves routes from configuration, with the header of a priority-10 middleware', async () => {
    const response = await call('GET', '/api/ping');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-powered-by')).toBe('Hyperpipe');
    expect(typeof (await response.json()).ack).toBe('number');
  });

  it('restricts placeholders with tokens from the route options', async () => {
    expect(await (await call('GET', '/api/echo/hello')).json()).toEqual({ echo: 'hello' });
    expect((await call('GET', '/api/echo/Hello1')).status).toBe(404);
  });

  it('renders errors as JSON through its error middleware, keeping Allow', async () => {
    const response = await call('POST', '/api/ping');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET,HEAD');
    expect(await response.json()).toEqual({ error: 'Method Not Allowed' });
  });
});

describe('a *.local.* file next to the global configuration', () => {
  // *.local.* files are gitignored, so this one cannot end up in a commit even if the test dies.
  const folder = fileURLToPath(new URL('./api/config/autoload', import.meta.url));
  const localFile = join(folder, `test-${process.pid}.local.json`);

  beforeAll(() =>
    writeFile(
      localFile,
      JSON.stringify({
        routes: [{ path: '/local', middleware: 'PingHandler', allowed_methods: ['GET'] }],
        middleware_pipeline: { poweredBy: { priority: -20 } },
      }),
    ),
  );
  afterAll(() => rm(localFile, { force: true }));

  it('is merged over the global files: lists append, maps merge key by key', async () => {
    const api = await createApiApp(folder);
    expect(api.routes.map((route) => route.path)).toEqual(['/ping', '/echo/{word}', '/local']);
    expect((await api.handle(new Request('http://localhost/local'))).status).toBe(200);
    // poweredBy now runs at priority -20, after dispatch answered, so its header is gone.
    const ping = await api.handle(new Request('http://localhost/ping'));
    expect(ping.headers.get('x-powered-by')).toBeNull();
  });
});

describe('the hypermedia users API, mounted last', () => {
  it('serves HAL under /api/user even though /api is also the configured API', async () => {
    const response = await call('GET', '/api/user/3');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/hal+json');
    const body = await response.json();
    expect(body._links.self.href).toBe('http://localhost/v1/api/user/3');
  });

  it('leaves paths it does not know to the parent: a plain 404 for text clients', async () => {
    const response = await call('GET', '/nothing-here', { accept: 'text/plain' });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Cannot GET /nothing-here');
  });

  it('answers API clients (any Accept, or none) with a 404 problem', async () => {
    const response = await call('GET', '/nothing-here');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
  });
});
