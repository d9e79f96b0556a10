import {
  BASE_URL,
  type Exchange,
  expectResponse,
  expectThat,
  satisfies,
  send,
} from '@hyperpipe/cli/harness';
import { expect, it } from 'vitest';

const PROBLEM = /^application\/problem\+json/;
const HAL = /^application\/hal\+json/;

type Json = Record<string, unknown>;

/** The path of a URL, resolved against the request URL: links may be absolute or relative. */
const pathOf = (href: string) => new URL(href, BASE_URL).pathname;

/** A link whose href has this path. */
const linkTo = (path: string) =>
  satisfies(
    (link) =>
      typeof (link as { href?: unknown } | null)?.href === 'string' &&
      pathOf((link as { href: string }).href) === path,
    `a link { href } to ${path}`,
  );

/**
 * The messages of one field: by rule, each naming the field (`speakers` may say `speaker`),
 * so that a client can show them as they are.
 */
const messagesNaming = (field: string) =>
  satisfies(
    (messages) =>
      typeof messages === 'object' &&
      messages !== null &&
      Object.keys(messages).length > 0 &&
      Object.values(messages).every(
        (message) =>
          typeof message === 'string' &&
          message.toLowerCase().includes(field.replace(/s$/, '').toLowerCase()),
      ),
    `{ rule: message }, each message naming the field ${field}`,
  );

/** The 422 problem for a body that breaks the rules of `field`. */
function failedValidation(field: string) {
  return {
    status: 422,
    headers: { 'content-type': PROBLEM },
    json: {
      status: 422,
      title: 'Unprocessable Entity',
      detail: 'Failed Validation',
      validation_messages: { [field]: messagesNaming(field) },
    },
  };
}

/** The 404 problem for an entity nobody has. */
const NOT_FOUND = {
  status: 404,
  headers: { 'content-type': PROBLEM },
  json: { title: 'Not Found', detail: 'Entity not found.' },
};

/** The methods an `Allow` header lists, whatever their order and spacing. */
const allowing = (methods: readonly string[]) =>
  satisfies(
    (value) => {
      const named = String(value)
        .split(',')
        .map((method) => method.trim().toUpperCase());
      return named.length === methods.length && methods.every((method) => named.includes(method));
    },
    `${methods.join(',')}, no more and no fewer`,
  );

/** GET a collection and read its `total`. */
async function totalOf(resource: 'speaker' | 'talk', hint: number): Promise<number> {
  const exchange = await send('GET', `/${resource}`);
  expectResponse(exchange, { status: 200, json: { total: expect.any(Number) } }, { hint });
  return (exchange.json as { total: number }).total;
}

/** The ids of the first page of a collection. */
async function idsOf(resource: 'speaker' | 'talk', embedded: string): Promise<number[]> {
  const exchange = await send('GET', `/${resource}`);
  expectResponse(
    exchange,
    { status: 200, json: { _embedded: { [embedded]: expect.any(Array) } } },
    { hint: 1 },
  );
  const items = (exchange.json as { _embedded: Record<string, { id: number }[]> })._embedded[
    embedded
  ] as { id: number }[];
  expectThat(items.length >= 3, {
    expected: `at least three ${embedded} in the first page of GET /${resource}`,
    received: `${items.length}`,
    exchange,
    hint: 1,
  });
  return items.map((item) => item.id);
}

/** GET an entity, which must be there. */
async function fetchEntity(path: string, hint: number): Promise<Json> {
  const exchange = await send('GET', path);
  expectResponse(exchange, { status: 200, headers: { 'content-type': HAL } }, { hint });
  return exchange.json as Json;
}

/**
 * Sends a write that must be refused with a 422 for `field`, then checks that it changed
 * nothing: the collection's total, and the entity of `path` when it names one.
 */
async function expectRefused(
  method: string,
  path: string,
  body: unknown,
  field: string,
  hint: number,
): Promise<void> {
  const resource = path.split('/')[1] as 'speaker' | 'talk';
  const total = await totalOf(resource, 1);
  const entity = path.split('/').length > 2 ? await fetchEntity(path, 1) : undefined;
  const refused = await send(method, path, { json: body });
  expectResponse(refused, failedValidation(field), { hint });
  const totalAfter = await totalOf(resource, 13);
  expectThat(totalAfter === total, {
    expected: `the refused ${method} to leave ${total} ${resource}s in GET /${resource}`,
    received: `total ${totalAfter} after it`,
    exchange: refused,
    hint: 13,
  });
  // Every field, link and embedded item as before the refused write.
  if (entity) expectResponse(await send('GET', path), { status: 200, json: entity }, { hint: 13 });
}

/** Follows the Location of a 201 and returns what it serves. */
async function followLocation(created: Exchange): Promise<Json> {
  const location = created.headers.get('location') ?? '';
  const fetched = await send('GET', pathOf(location));
  expectResponse(
    fetched,
    { status: 200, headers: { 'content-type': HAL }, json: created.json },
    { hint: 1 },
  );
  return fetched.json as Json;
}

it('creates a speaker: POST /speaker is 201 with a Location that serves the new speaker', async () => {
  const total = await totalOf('speaker', 1);
  const sent = { name: 'Ada Lovelace', url: 'https://ada.example', twitter: '@ada' };
  const created = await send('POST', '/speaker', { json: sent });
  const id = (created.json as { id?: unknown } | undefined)?.id;
  expectResponse(
    created,
    {
      status: 201,
      headers: {
        'content-type': HAL,
        location: satisfies(
          (href) => pathOf(String(href)) === `/speaker/${id}`,
          `the new speaker's URL, /speaker/${id}, as in its self link`,
        ),
      },
      json: { ...sent, id: expect.any(Number), _links: { self: linkTo(`/speaker/${id}`) } },
    },
    { hint: 1 },
  );
  await followLocation(created);
  const after = await totalOf('speaker', 1);
  expectThat(after === total + 1, {
    expected: `GET /speaker to count ${total + 1} speakers after the POST`,
    received: `total ${after}`,
    hint: 1,
  });
});

it('creates a talk with its speakers: POST /talk embeds them', async () => {
  const speakers = (await idsOf('speaker', 'speakers')).slice(0, 2);
  const sent = { title: 'Pipelines all the way down', day: '2027-05-18', speakers };
  const sameIds = (ids: number[]) => [...ids].sort((a, b) => a - b).join();
  const created = await send('POST', '/talk', { json: sent });
  const id = (created.json as { id?: unknown } | undefined)?.id;
  expectResponse(
    created,
    {
      status: 201,
      headers: { 'content-type': HAL },
      json: {
        id: expect.any(Number),
        title: sent.title,
        day: sent.day,
        _links: { self: linkTo(`/talk/${id}`) },
        _embedded: {
          speakers: satisfies(
            (embedded) =>
              Array.isArray(embedded) &&
              sameIds(embedded.map((speaker: { id: number }) => speaker.id)) === sameIds(speakers),
            `the speakers ${speakers.join(' and ')}`,
          ),
        },
      },
    },
    { hint: 1 },
  );
  await followLocation(created);
});

it('replaces a speaker with PUT and changes one field with PATCH', async () => {
  const [, id] = await idsOf('speaker', 'speakers');
  const path = `/speaker/${id}`;
  const replaced = await send('PUT', path, {
    json: { name: 'Grace Hopper', url: 'https://grace.example', twitter: '@grace' },
  });
  expectResponse(
    replaced,
    {
      status: 200,
      headers: { 'content-type': HAL },
      json: { id, name: 'Grace Hopper', url: 'https://grace.example', twitter: '@grace' },
    },
    { hint: 4 },
  );
  const patched = await send('PATCH', path, { json: { twitter: '@amazing_grace' } });
  expectResponse(
    patched,
    { status: 200, json: { id, name: 'Grace Hopper', twitter: '@amazing_grace' } },
    { hint: 4 },
  );
  expectResponse(
    await send('GET', path),
    {
      status: 200,
      json: { id, name: 'Grace Hopper', url: 'https://grace.example', twitter: '@amazing_grace' },
    },
    { hint: 4 },
  );
  // PUT replaces the whole speaker: what it leaves out is gone.
  expectResponse(
    await send('PUT', path, { json: { name: 'Grace Brewster Hopper' } }),
    { status: 200, json: { id, name: 'Grace Brewster Hopper', url: null, twitter: null } },
    { hint: 4 },
  );
});

it('answers PUT and PATCH to an id nobody has with 404 Entity not found', async () => {
  for (const [path, body] of [
    ['/speaker/99999999', { name: 'Nobody' }],
    ['/talk/99999999', { title: 'Nothing' }],
  ] as const) {
    expectResponse(await send('PUT', path, { json: body }), NOT_FOUND, { hint: 4 });
    expectResponse(await send('PATCH', path, { json: body }), NOT_FOUND, { hint: 4 });
  }
});

it('replaces a talk with PUT and changes its day with PATCH', async () => {
  const [, id] = await idsOf('talk', 'talks');
  const path = `/talk/${id}`;
  expectResponse(
    await send('PUT', path, { json: { title: 'Routing, revisited', day: '2027-05-19' } }),
    { status: 200, json: { id, title: 'Routing, revisited', day: '2027-05-19' } },
    { hint: 4 },
  );
  expectResponse(
    await send('PATCH', path, { json: { day: '2027-05-20' } }),
    { status: 200, json: { id, title: 'Routing, revisited', day: '2027-05-20' } },
    { hint: 4 },
  );
  expectResponse(
    await send('GET', path),
    { status: 200, json: { id, title: 'Routing, revisited', day: '2027-05-20' } },
    { hint: 4 },
  );
});

it('deletes: DELETE is 204, then the entity is 404 and the total one less', async () => {
  for (const [resource, embedded] of [
    ['speaker', 'speakers'],
    ['talk', 'talks'],
  ] as const) {
    const id = (await idsOf(resource, embedded)).at(-1);
    const path = `/${resource}/${id}`;
    const total = await totalOf(resource, 7);
    expectResponse(await send('DELETE', path), { status: 204, text: '' }, { hint: 7 });
    expectResponse(await send('GET', path), NOT_FOUND, { hint: 7 });
    const after = await totalOf(resource, 7);
    expectThat(after === total - 1, {
      expected: `GET /${resource} to count ${total - 1} after the DELETE`,
      received: `total ${after}`,
      hint: 7,
    });
    // It is gone: deleting it again finds nothing.
    expectResponse(await send('DELETE', path), NOT_FOUND, { hint: 7 });
    // A second URL for the same entity, with a leading zero, deletes nothing either.
    const [other] = await idsOf(resource, embedded);
    expectResponse(await send('DELETE', `/${resource}/0${other}`), { status: 404 }, { hint: 7 });
    await fetchEntity(`/${resource}/${other}`, 7);
  }
});

it('refuses a speaker without a name, or with an unknown field, and creates nothing', async () => {
  await expectRefused('POST', '/speaker', { url: 'https://nameless.example' }, 'name', 10);
  await expectRefused('POST', '/speaker', { name: '   ' }, 'name', 10);
  await expectRefused('POST', '/speaker', { name: 'Ada', nickname: 'Countess' }, 'nickname', 10);
});

it('refuses a name over 80 characters, a url over 255 and a twitter handle over 80', async () => {
  const [id] = await idsOf('speaker', 'speakers');
  const long = (length: number) => 'a'.repeat(length);
  await expectRefused('POST', '/speaker', { name: long(81) }, 'name', 10);
  await expectRefused('PUT', `/speaker/${id}`, { name: long(81) }, 'name', 10);
  await expectRefused('PATCH', `/speaker/${id}`, { name: long(81) }, 'name', 10);
  const url = `https://example.com/${long(236)}`;
  await expectRefused('POST', '/speaker', { name: 'Ada', url }, 'url', 10);
  await expectRefused('PATCH', `/speaker/${id}`, { url }, 'url', 10);
  await expectRefused('POST', '/speaker', { name: 'Ada', twitter: long(81) }, 'twitter', 10);
  await expectRefused('PUT', `/speaker/${id}`, { name: 'Ada', twitter: long(81) }, 'twitter', 10);
});

it('accepts a name of exactly 80 characters, a url of 255 and a twitter handle of 80, and stores name and url trimmed', async () => {
  const long = (length: number) => 'a'.repeat(length);
  const url = `https://example.com/${long(235)}`;
  const sent = { name: long(80), url, twitter: long(80) };
  expectResponse(
    await send('POST', '/speaker', { json: sent }),
    { status: 201, json: sent },
    { hint: 10 },
  );
  const [id] = await idsOf('speaker', 'speakers');
  expectResponse(
    await send('PUT', `/speaker/${id}`, {
      json: { name: '  Ada Lovelace  ', url: ' https://ada.example ' },
    }),
    { status: 200, json: { id, name: 'Ada Lovelace', url: 'https://ada.example' } },
    { hint: 10 },
  );
  expectResponse(
    await send('GET', `/speaker/${id}`),
    { status: 200, json: { id, name: 'Ada Lovelace', url: 'https://ada.example' } },
    { hint: 10 },
  );
});

it('says in Allow what each resource serves now, and refuses the rest with a 405 problem', async () => {
  const [speaker] = await idsOf('speaker', 'speakers');
  const [talk] = await idsOf('talk', 'talks');
  const entity = allowing(['GET', 'HEAD', 'PATCH', 'PUT', 'DELETE', 'OPTIONS']);
  const collection = allowing(['GET', 'HEAD', 'POST', 'OPTIONS']);
  for (const [path, allow, refused, hint] of [
    ['/speaker', collection, 'PUT', 1],
    ['/talk', collection, 'DELETE', 1],
    [`/speaker/${speaker}`, entity, 'POST', 4],
    [`/talk/${talk}`, entity, 'POST', 4],
  ] as const) {
    expectResponse(await send('OPTIONS', path), { status: 204, headers: { allow } }, { hint });
    expectResponse(
      await send(refused, path, { json: { name: 'Ada' } }),
      {
        status: 405,
        headers: { 'content-type': PROBLEM, allow },
        json: { status: 405, title: 'Method Not Allowed' },
      },
      { hint },
    );
  }
});

it('refuses a url that is no http(s) URL, such as javascript:', async () => {
  const [id] = await idsOf('speaker', 'speakers');
  for (const url of ['javascript:alert(1)', 'ftp://files.example/ada', 'ada.example']) {
    await expectRefused('POST', '/speaker', { name: 'Ada', url }, 'url', 10);
    await expectRefused('PATCH', `/speaker/${id}`, { url }, 'url', 10);
  }
});

it('refuses a talk whose day is not YYYY-MM-DD, without a title, or with an unknown field', async () => {
  const [id] = await idsOf('talk', 'talks');
  for (const day of ['18/05/2027', '2027-5-18', 'tomorrow']) {
    await expectRefused('POST', '/talk', { title: 'Pipelines', day }, 'day', 10);
    await expectRefused('PATCH', `/talk/${id}`, { day }, 'day', 10);
  }
  await expectRefused('POST', '/talk', { day: '2027-05-18' }, 'title', 10);
  await expectRefused('PUT', `/talk/${id}`, { day: '2027-05-18' }, 'title', 10);
  await expectRefused('POST', '/talk', { title: 'Pipelines', room: 'A' }, 'room', 10);
});

it('refuses a talk with a speaker nobody is, and links nothing', async () => {
  const [speaker] = await idsOf('speaker', 'speakers');
  const [id] = await idsOf('talk', 'talks');
  const speakers = [speaker, 99999999];
  await expectRefused('POST', '/talk', { title: 'Pipelines', speakers }, 'speakers', 13);
  await expectRefused('PATCH', `/talk/${id}`, { speakers }, 'speakers', 13);
});
