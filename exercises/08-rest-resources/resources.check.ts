import {
  BASE_URL,
  CheckFailure,
  type Exchange,
  expectResponse,
  expectThat,
  satisfies,
  send,
} from '@hyperpipe/cli/harness';
import { expect, it } from 'vitest';

const PROBLEM = /^application\/problem\+json/;
const HAL = /^application\/hal\+json/;

/** The methods an `Allow` header lists, upper-cased, whatever their order and spacing. */
const allowed = (value: unknown) =>
  typeof value === 'string' ? value.split(',').map((method) => method.trim().toUpperCase()) : [];

// A read-only resource serves GET (and HEAD with it) and OPTIONS, which says so; no writes.
const readOnly = (methods: string[]) =>
  methods.includes('GET') && methods.every((method) => ['GET', 'HEAD', 'OPTIONS'].includes(method));

const onlyGet = satisfies(
  (value) => readOnly(allowed(value)),
  'GET (with HEAD and OPTIONS) only: the resource serves no write yet',
);

// A resource lists OPTIONS; a hand-written GET route knows nothing of it.
const resourceMethods = satisfies(
  (value) => readOnly(allowed(value)) && allowed(value).includes('OPTIONS'),
  'what the resource serves: GET, HEAD and OPTIONS, and no write yet',
);

/** The resource's own 405: the method is routed, but the resource does not define it. */
function notDefined(method: string, kind: 'entities' | 'collections') {
  return {
    status: 405,
    headers: { 'content-type': PROBLEM, allow: onlyGet },
    json: {
      status: 405,
      title: 'Method Not Allowed',
      detail: `The ${method} method has not been defined for ${kind}`,
    },
  };
}

/** A link whose href, resolved against the request's URL, has this path. */
const linkTo = (path: string) =>
  satisfies(
    (link) =>
      typeof link === 'object' &&
      link !== null &&
      typeof (link as { href?: unknown }).href === 'string' &&
      new URL((link as { href: string }).href, BASE_URL).pathname === path,
    `a link { href } to ${path}`,
  );

/** Embedded items that each carry their own self link to `/<resource>/<their id>`. */
const embeddedWithSelf = (resource: string) =>
  satisfies(
    (items) =>
      Array.isArray(items) &&
      items.every((item: { id?: unknown; _links?: { self?: unknown } }) =>
        linkTo(`/${resource}/${String(item.id)}`).asymmetricMatch(item._links?.self),
      ),
    `a list of ${resource}s, each with its own _links.self to /${resource}/<its id>`,
  );

/** The id of the first speaker of GET /speaker: ids need not start at 1. */
async function firstSpeakerId(): Promise<number> {
  const exchange = await send('GET', '/speaker');
  const id = (exchange.json as { _embedded?: { speakers?: { id?: unknown }[] } } | undefined)
    ?._embedded?.speakers?.[0]?.id;
  expectThat(typeof id === 'number', {
    expected: 'GET /speaker: a page of speakers, with ids, under _embedded.speakers',
    exchange,
    hint: 2,
  });
  return id;
}

/** A talk of the first page of GET /talk that has speakers, and its GET. */
async function talkWithSpeakers(): Promise<{ id: number; talk: Exchange }> {
  const list = await send('GET', '/talk');
  const items = (list.json as { _embedded?: { talks?: { id: number }[] } } | undefined)?._embedded
    ?.talks;
  for (const { id } of items ?? []) {
    const talk = await send('GET', `/talk/${id}`);
    const speakers = (talk.json as { _embedded?: { speakers?: unknown[] } } | undefined)?._embedded
      ?.speakers;
    if (Array.isArray(speakers) && speakers.length > 0) return { id, talk };
  }
  throw new CheckFailure({
    summary: 'GET /talk/{talk_id}: no talk of the first page has _embedded.speakers',
    expected: ['a talk of the first page of GET /talk with _embedded.speakers that is not empty'],
    received: ['none'],
    hint: 1,
  });
}

it('serves a speaker as HAL with their talks; PUT, PATCH and DELETE are the resource 405', async () => {
  const id = await firstSpeakerId();
  const path = `/speaker/${id}`;
  expectResponse(
    await send('GET', path),
    {
      status: 200,
      headers: { 'content-type': HAL },
      json: {
        id,
        name: expect.any(String),
        _links: { self: linkTo(path) },
        _embedded: { talks: embeddedWithSelf('talk') },
      },
    },
    { hint: 1 },
  );
  expectResponse(await send('DELETE', path), notDefined('DELETE', 'entities'), { hint: 3 });
  expectResponse(
    await send('PUT', path, { json: { name: 'Ada Lovelace' } }),
    notDefined('PUT', 'entities'),
    { hint: 3 },
  );
  expectResponse(
    await send('PATCH', path, { json: { name: 'Ada Lovelace' } }),
    notDefined('PATCH', 'entities'),
    { hint: 3 },
  );
});

it('serves the speakers as a HAL page; POST and DELETE on it are the resource 405', async () => {
  expectResponse(
    await send('GET', '/speaker'),
    {
      status: 200,
      headers: { 'content-type': HAL },
      json: {
        page: 1,
        page_size: 25,
        count: 25,
        total: expect.any(Number),
        _links: { self: expect.anything(), next: linkTo('/speaker') },
        _embedded: { speakers: embeddedWithSelf('speaker') },
      },
    },
    { hint: 2 },
  );
  expectResponse(
    await send('POST', '/speaker', { json: { name: 'Ada Lovelace' } }),
    notDefined('POST', 'collections'),
    { hint: 3 },
  );
  expectResponse(await send('DELETE', '/speaker'), notDefined('DELETE', 'collections'), {
    hint: 3,
  });
});

it('serves a talk as HAL with its speakers; PUT, PATCH and DELETE are the resource 405', async () => {
  const { id, talk } = await talkWithSpeakers();
  const path = `/talk/${id}`;
  expectResponse(
    talk,
    {
      status: 200,
      headers: { 'content-type': HAL },
      json: {
        id,
        title: expect.any(String),
        _links: { self: linkTo(path) },
        _embedded: {
          speakers: satisfies(
            (speakers) =>
              Array.isArray(speakers) &&
              speakers.length > 0 &&
              embeddedWithSelf('speaker').asymmetricMatch(speakers),
            'a non-empty list of speakers, each with its own _links.self to /speaker/<its id>',
          ),
        },
      },
    },
    { hint: 1 },
  );
  expectResponse(await send('DELETE', path), notDefined('DELETE', 'entities'), { hint: 3 });
  expectResponse(
    await send('PUT', path, { json: { title: 'Pipelines' } }),
    notDefined('PUT', 'entities'),
    { hint: 3 },
  );
  expectResponse(
    await send('PATCH', path, { json: { title: 'Pipelines' } }),
    notDefined('PATCH', 'entities'),
    { hint: 3 },
  );
});

it('serves the talks as HAL pages; POST and DELETE on them are the resource 405', async () => {
  expectResponse(
    await send('GET', '/talk?page=2'),
    {
      status: 200,
      headers: { 'content-type': HAL },
      json: {
        page: 2,
        page_size: 25,
        total: expect.any(Number),
        _links: { first: linkTo('/talk'), prev: linkTo('/talk') },
        _embedded: { talks: embeddedWithSelf('talk') },
      },
    },
    { hint: 2 },
  );
  expectResponse(
    await send('POST', '/talk', { json: { title: 'Pipelines' } }),
    notDefined('POST', 'collections'),
    { hint: 3 },
  );
  expectResponse(await send('DELETE', '/talk'), notDefined('DELETE', 'collections'), { hint: 3 });
});

it('answers an id nobody has with 404 Entity not found, but a method first with its 405', async () => {
  for (const path of ['/speaker/99999999', '/talk/99999999']) {
    expectResponse(
      await send('GET', path),
      { status: 404, headers: { 'content-type': PROBLEM }, json: { detail: 'Entity not found.' } },
      { hint: 2 },
    );
    // The resource refuses a method it does not serve before it looks the entity up.
    expectResponse(await send('DELETE', path), notDefined('DELETE', 'entities'), { hint: 3 });
  }
  // An id that is no positive integer does not even match the entity route.
  expectResponse(
    await send('GET', '/speaker/abc'),
    { status: 404, headers: { 'content-type': PROBLEM } },
    { hint: 2 },
  );
});

it("leaves a method no resource serves, such as PROPFIND, to the router's 405", async () => {
  const id = await firstSpeakerId();
  // One Allow per path: the router's 405 lists what the resource serves, as the resource's does.
  for (const path of ['/speaker', `/speaker/${id}`]) {
    const exchange = await send('PROPFIND', path);
    expectResponse(
      exchange,
      {
        status: 405,
        headers: { 'content-type': PROBLEM, allow: resourceMethods },
        json: { status: 405, title: 'Method Not Allowed' },
      },
      { hint: 4 },
    );
    expectThat(!String((exchange.json as { detail?: unknown }).detail).includes('defined for'), {
      expected: "the router's 405, not a resource's: the resource is never asked about PROPFIND",
      received: `detail ${JSON.stringify((exchange.json as { detail?: unknown }).detail)}`,
      exchange,
      hint: 4,
    });
  }
});
