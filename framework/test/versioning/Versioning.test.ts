import {
  type Application,
  createApplication,
  json,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import { ContentNegotiation } from 'hyperpipe/negotiation';
import { NotFoundProblemMiddleware, ProblemMiddleware } from 'hyperpipe/problem';
import { API_VERSION, Versioning, type VersioningOptions } from 'hyperpipe/versioning';
import { describe, expect, it, vi } from 'vitest';

const V1 = 'application/vnd.conference.v1+json';
const V2 = 'application/vnd.conference.v2+json';
const V3 = 'application/vnd.conference.v3+json';

/** A handler that tells which route answered and what API_VERSION it saw. */
function answer(name: string) {
  return (request: ServerRequest, response: ResponsePrototype) =>
    json({ name, version: request.getAttribute(API_VERSION) ?? null }, response);
}

/**
 * `/v1/speaker` and `/v2/speaker` (GET and POST), a v1-only `/v1/room`, and the
 * unversioned `/timezone`, behind Versioning for the vendor `conference`.
 */
function conferenceApp(options: Partial<VersioningOptions> = {}): Application {
  const app = createApplication();
  app.pipe('/', new Versioning(app.router, { vendor: 'conference', ...options }), {
    priority: 10,
  });
  app.pipeRoutingMiddleware().pipeDispatchMiddleware();
  app.pipe('/', new NotFoundProblemMiddleware(), { priority: -50 });
  app.pipe('/', new ProblemMiddleware(), { priority: -100 });
  app.route('/v1/speaker', answer('speaker v1'), ['GET', 'POST']);
  app.route('/v2/speaker', answer('speaker v2'), ['GET', 'POST']);
  app.get('/v1/room', answer('room v1'));
  app.get('/timezone', answer('timezone'));
  return app;
}

function request(
  app: Application,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Response> {
  return app.handle(new Request(`http://localhost${path}`, { method, headers }));
}

describe('Versioning', () => {
  it.each([
    // [rule, path, headers, route that answers, API_VERSION]
    ['an unprefixed URL gets the default version', '/speaker', {}, 'speaker v1', 1],
    ['a /v1 prefix is version 1', '/v1/speaker', {}, 'speaker v1', 1],
    ['a /v2 prefix is version 2', '/v2/speaker', {}, 'speaker v2', 2],
    ['a vendor type in Accept chooses the version', '/speaker', { accept: V2 }, 'speaker v2', 2],
    [
      'the resource-qualified vendor spelling counts',
      '/speaker',
      { accept: 'application/vnd.conference.v2.speaker+json' },
      'speaker v2',
      2,
    ],
    [
      'the most preferred vendor type in Accept decides',
      '/speaker',
      { accept: `${V2};q=0.5, ${V1}` },
      'speaker v1',
      1,
    ],
    [
      'a vendor type in Content-Type chooses the version',
      '/speaker',
      { 'content-type': `${V2}; charset=utf-8` },
      'speaker v2',
      2,
    ],
    [
      'Content-Type wins over Accept (v2 over v1)',
      '/speaker',
      { 'content-type': V2, accept: V1 },
      'speaker v2',
      2,
    ],
    [
      'Content-Type wins over Accept (v1 over v2)',
      '/speaker',
      { 'content-type': V1, accept: V2 },
      'speaker v1',
      1,
    ],
    [
      'the URL wins over both (v1)',
      '/v1/speaker',
      { 'content-type': V2, accept: V2 },
      'speaker v1',
      1,
    ],
    [
      'the URL wins over both (v2)',
      '/v2/speaker',
      { 'content-type': V1, accept: V1 },
      'speaker v2',
      2,
    ],
    [
      'another vendor in Accept is ignored',
      '/speaker',
      { accept: 'application/vnd.other.v2+json' },
      'speaker v1',
      1,
    ],
    [
      'another vendor in Content-Type is ignored',
      '/speaker',
      { 'content-type': 'application/vnd.other.v1+json', accept: V2 },
      'speaker v2',
      2,
    ],
    [
      'a refused (q=0) vendor type is ignored',
      '/speaker',
      { accept: `${V2};q=0, */*` },
      'speaker v1',
      1,
    ],
    ['an unversioned route works without a vendor type', '/timezone', {}, 'timezone', 1],
    ['an unversioned route works with a vendor type', '/timezone', { accept: V2 }, 'timezone', 2],
    [
      'an unversioned route ignores versions nobody registered',
      '/timezone',
      { accept: V3 },
      'timezone',
      3,
    ],
  ])('%s', async (_rule, path, headers, name, version) => {
    const response = await request(conferenceApp(), path, headers);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name, version });
  });

  it('routes an unprefixed request whose method the versioned route refuses to its 405', async () => {
    const response = await request(conferenceApp(), '/speaker', {}, 'DELETE');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET,HEAD,POST');
  });

  describe('a configured default version', () => {
    const app = conferenceApp({ defaultVersion: 2 });

    it.each([
      ['an unprefixed URL gets it', {}, 'speaker v2', 2],
      ['Accept still chooses another', { accept: V1 }, 'speaker v1', 1],
    ])('%s', async (_rule, headers, name, version) => {
      const response = await request(app, '/speaker', headers);
      expect(await response.json()).toEqual({ name, version });
    });

    it('refuses a version the default has a route for but the asked one does not', async () => {
      expect((await request(app, '/speaker', { accept: V3 })).status).toBe(406);
    });
  });

  it.each([
    ['Accept', { accept: V3 }, 406, 'Not Acceptable', 'Cannot honor Accept type specified'],
    [
      'Content-Type',
      { 'content-type': V3 },
      415,
      'Unsupported Media Type',
      'Invalid content-type specified',
    ],
    [
      'Content-Type, even when Accept names a served version',
      { 'content-type': V3, accept: V1 },
      415,
      'Unsupported Media Type',
      'Invalid content-type specified',
    ],
  ])(
    'a version nobody registered in %s is a problem',
    async (_rule, headers, status, title, detail) => {
      const response = await request(conferenceApp(), '/speaker', headers, 'POST');
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(await response.json()).toMatchObject({ status, title, detail });
    },
  );

  it('refuses by Accept a version that lacks a route the default version has', async () => {
    const response = await request(conferenceApp(), '/room', { accept: V2 });
    expect(response.status).toBe(406);
    expect((await request(conferenceApp(), '/room', { accept: V1 })).status).toBe(200);
  });

  it('finds no route for a URL version nobody registered: a 404 problem', async () => {
    const response = await request(conferenceApp(), '/v3/speaker', { accept: 'application/json' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('does not take a segment that only starts like a version for one', async () => {
    const app = conferenceApp();
    app.get('/v2beta/speaker', answer('beta'));
    expect(await (await request(app, '/v2beta/speaker')).json()).toEqual({
      name: 'beta',
      version: 1,
    });
  });

  it.each([
    ['an unprefixed path', '/speaker', {}],
    ['a version by Accept', '/speaker', { accept: V2 }],
    ['an unversioned route', '/timezone', {}],
    ['an unknown path', '/nowhere', {}],
  ])(
    "asks the router once per request for %s: routing is the routing middleware's",
    async (_case, path, headers) => {
      const app = conferenceApp();
      const match = vi.spyOn(app.router, 'match');
      await request(app, path, headers);
      expect(match).toHaveBeenCalledOnce();
    },
  );
});

describe('a 415 on an unversioned URL', () => {
  /** Each version's route reads its vendor type and JSON; /v1/room exists in version 1 only. */
  function negotiatingApp(): Application {
    const app = conferenceApp();
    for (const version of [1, 2]) {
      const contentTypes = [`application/vnd.conference.v${version}+json`, 'application/json'];
      app.route(
        `/v${version}/talk`,
        [new ContentNegotiation({ contentTypes }), answer(`talk v${version}`)],
        ['POST'],
      );
    }
    app.route(
      '/v1/note',
      [new ContentNegotiation({ contentTypes: ['application/json'] }), answer('note v1')],
      ['POST'],
    );
    return app;
  }

  const post = (app: Application, path: string, contentType: string) =>
    app.handle(
      new Request(`http://localhost${path}`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: '{}',
      }),
    );

  it.each([
    ['/talk', `${V1}, application/json, ${V2}`],
    ['/v1/talk', `${V1}, application/json`],
    ['/v2/talk', `${V2}, application/json`],
    ['/note', 'application/json'],
  ])('at %s lists in Accept every type the URL takes: %s', async (path, accept) => {
    const refused = await post(negotiatingApp(), path, 'text/plain');
    expect(refused.status).toBe(415);
    expect(refused.headers.get('accept')).toBe(accept);
  });

  it('routes each listed vendor type to its version', async () => {
    const app = negotiatingApp();
    expect(await (await post(app, '/talk', V2)).json()).toEqual({ name: 'talk v2', version: 2 });
    expect(await (await post(app, '/talk', V1)).json()).toEqual({ name: 'talk v1', version: 1 });
  });
});
