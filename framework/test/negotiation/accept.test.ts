import {
  type Application,
  createApplication,
  json,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import { ContentNegotiation, MEDIA_TYPE } from 'hyperpipe/negotiation';
import { ProblemMiddleware } from 'hyperpipe/problem';
import { describe, expect, it } from 'vitest';

const HAL_FIRST = ['application/hal+json', 'application/json'];
const VENDOR = ['application/vnd.conference.v1+json', 'application/hal+json', 'application/json'];

/** An app whose one route negotiates with `accept` and echoes the MEDIA_TYPE attribute. */
function negotiatingApp(accept: readonly string[]): Application {
  const app = createApplication();
  app.pipe('/', new ProblemMiddleware(), { priority: -100 });
  app.get('/thing', [
    new ContentNegotiation({ accept }),
    (request: ServerRequest, response: ResponsePrototype) =>
      json({ mediaType: request.getAttribute(MEDIA_TYPE) ?? null }, response),
  ]);
  return app;
}

async function get(app: Application, accept?: string): Promise<Response> {
  const headers: Record<string, string> = accept === undefined ? {} : { accept };
  return app.handle(new Request('http://localhost/thing', { headers }));
}

describe('Accept negotiation', () => {
  it.each([
    // [rule, whitelist, Accept, negotiated type]
    ['missing Accept takes the first entry', HAL_FIRST, undefined, 'application/hal+json'],
    [
      'missing Accept follows whitelist order',
      ['application/json', 'application/hal+json'],
      undefined,
      'application/json',
    ],
    ['empty Accept takes the first entry', HAL_FIRST, '', 'application/hal+json'],
    [
      'q-values: the higher q wins',
      HAL_FIRST.toReversed(),
      'application/json;q=0.5, application/hal+json',
      'application/hal+json',
    ],
    [
      'q-values: not simply the first entry',
      HAL_FIRST,
      'application/hal+json;q=0.5, application/json',
      'application/json',
    ],
    ['q=0 refuses a type', HAL_FIRST, 'application/hal+json;q=0, */*', 'application/json'],
    [
      '*/* takes the first entry',
      ['application/json', 'application/hal+json'],
      '*/*',
      'application/json',
    ],
    [
      'application/* matches application types only',
      ['text/plain', 'application/json'],
      'application/*',
      'application/json',
    ],
    [
      'a more specific range beats a wildcard',
      HAL_FIRST,
      '*/*;q=0.9, application/json',
      'application/json',
    ],
    [
      'parameters the whitelist does not use are ignored',
      HAL_FIRST.toReversed(),
      'application/hal+json; charset=utf-8',
      'application/hal+json',
    ],
    [
      'ignored parameters keep q',
      HAL_FIRST,
      'application/hal+json; charset=UTF-8; q=0.9, application/json; q=0.1',
      'application/hal+json',
    ],
    [
      'a parameter the whitelist uses must match',
      ['text/plain; format=flowed', 'application/json'],
      'text/plain; format=fixed, application/json;q=0.1',
      'application/json',
    ],
    [
      'a matching parameter selects that entry',
      ['application/json', 'text/plain; format=flowed'],
      'text/plain; format=flowed',
      'text/plain; format=flowed',
    ],
    [
      'a vendor type is honoured',
      VENDOR.toReversed(),
      'application/vnd.conference.v1+json',
      'application/vnd.conference.v1+json',
    ],
    [
      'the resource-qualified vendor spelling matches the plain entry',
      VENDOR.toReversed(),
      'application/vnd.conference.v1.speaker+json',
      'application/vnd.conference.v1+json',
    ],
    [
      'a resource-qualified vendor entry matches its own spelling',
      ['application/json', 'application/vnd.laminas.v1.foo+json'],
      'application/vnd.laminas.v1.foo+json',
      'application/vnd.laminas.v1.foo+json',
    ],
    [
      'other types still negotiate next to a vendor entry',
      VENDOR,
      'application/hal+json',
      'application/hal+json',
    ],
  ])('%s', async (_rule, whitelist, accept, expected) => {
    const response = await get(negotiatingApp(whitelist), accept);
    expect(response.status).toBe(200);
    // The response carries the negotiated type, and the MEDIA_TYPE attribute says the same.
    expect(response.headers.get('content-type')).toBe(expected);
    expect(await response.json()).toEqual({ mediaType: expected });
  });

  it.each([
    ['a type outside the whitelist', HAL_FIRST, 'text/html'],
    ['a vendor version not whitelisted', VENDOR, 'application/vnd.conference.v2+json'],
    [
      'another resource of a resource-qualified entry',
      ['application/vnd.laminas.v1.foo+json'],
      'application/vnd.laminas.v1.bar+json',
    ],
    ['a wildcard of another top-level type', HAL_FIRST, 'text/*'],
    ['only refused types', HAL_FIRST, 'application/json;q=0, application/hal+json;q=0'],
  ])('406 problem for %s', async (_rule, whitelist, accept) => {
    const response = await get(negotiatingApp(whitelist), accept);
    expect(response.status).toBe(406);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toEqual({
      type: 'https://www.rfc-editor.org/rfc/rfc9110#status.406',
      title: 'Not Acceptable',
      status: 406,
      detail: 'Cannot honor Accept type specified',
    });
  });

  it('defaults to application/json alone', async () => {
    const app = createApplication();
    app.pipe('/', new ProblemMiddleware(), { priority: -100 });
    app.get('/thing', [new ContentNegotiation(), () => json({})]);
    expect((await get(app, 'application/hal+json')).status).toBe(406);
    expect((await get(app, 'application/json')).status).toBe(200);
  });
});
