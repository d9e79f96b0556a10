import { createApplication, text } from 'hyperpipe';
import { FindMyWayRouter, PatternRouter, type Router } from 'hyperpipe/router';
import { describe, expect, it } from 'vitest';

function ask(app: ReturnType<typeof createApplication>, method: string, path: string) {
  return app.handle(new Request(`http://localhost${path}`, { method }));
}

describe.each([
  ['FindMyWayRouter', () => new FindMyWayRouter()],
  ['PatternRouter', () => new PatternRouter()],
] as [string, () => Router][])('OPTIONS on a matched path, with %s', (_name, router) => {
  it('answers 204 with the Allow its 405 carries, without running a route', async () => {
    const app = createApplication({ router: router() });
    let ran = 0;
    app.get('/user/{id}', () => {
      ran++;
      return text('user');
    });
    app.post('/user/{id}', () => text('posted'));
    const options = await ask(app, 'OPTIONS', '/user/7');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET,HEAD,POST');
    expect(await options.text()).toBe('');
    expect(ran).toBe(0);
    const refused = await ask(app, 'DELETE', '/user/7');
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET,HEAD,POST');
  });

  it('leaves OPTIONS to a route that takes it, and a path no route matches to the 404', async () => {
    const app = createApplication({ router: router() });
    app.route('/preflight', () => text('own answer'), ['OPTIONS', 'GET']);
    app.route('/status', () => text('status'), []);
    expect(await (await ask(app, 'OPTIONS', '/preflight')).text()).toBe('own answer');
    expect(await (await ask(app, 'OPTIONS', '/status')).text()).toBe('status');
    expect((await ask(app, 'OPTIONS', '/nowhere')).status).toBe(404);
  });

  it('keeps the headers middleware set before routing on the answer', async () => {
    const app = createApplication({ router: router() });
    app.pipe((_request, response, next) => {
      response.headers.set('access-control-allow-origin', '*');
      return next();
    });
    app.get('/ping', () => text('pong'));
    const options = await ask(app, 'OPTIONS', '/ping');
    expect(options.headers.get('access-control-allow-origin')).toBe('*');
    expect(options.headers.get('allow')).toBe('GET,HEAD');
  });
});
