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
 * Whether a message names the field as the body spells it, a capital first letter allowed
 * (`speakers` may say `speaker`): `The url must be…` does, `Invalid URL` does not, since URL
 * says what the value should be, not which field it is; `nickname` does not name `name`.
 */
function names(message: string, field: string): boolean {
  const word = field.replace(/s$/, '');
  const spellings = `${word}|${word[0]?.toUpperCase()}${word.slice(1)}`;
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${spellings})s?(?![\\p{L}\\p{N}_])`, 'u').test(message);
}

/** The messages of one field: by rule, each naming the field, so that a client can show them as they are. */
const messagesNaming = (field: string) =>
  satisfies(
    (messages) =>
      typeof messages === 'object' &&
      messages !== null &&
      Object.keys(messages).length > 0 &&
      Object.values(messages).every(
        (message) => typeof message === 'string' && names(message, field),
      ),
    `{ rule: message }, each message naming the field ${field} as the body spells it`,
  );

/**
 * Messages for a rule of the whole body rather than of one field, under whatever key the
 * learner chose (`validate` files them under `body`): at least one, each a string.
 */
const someMessages = satisfies(
  (messages) =>
    typeof messages === 'object' &&
    messages !== null &&
    Object.keys(messages).length > 0 &&
    Object.values(messages).every(
      (rules) =>
        typeof rules === 'object' &&
        rules !== null &&
        Object.values(rules).length > 0 &&
        Object.values(rules).every((message) => typeof message === 'string' && message !== ''),
    ),
  '{ field: { rule: message } }, at least one message saying what is wrong with the body',
);

/** The 422 problem for a body that breaks the rules of `field`, or of the whole body (`undefined`). */
function failedValidation(field: string | undefined) {
  return {
    status: 422,
    headers: { 'content-type': PROBLEM },
    json: {
      status: 422,
      title: 'Unprocessable Entity',
      detail: 'Failed Validation',
      validation_messages: field === undefined ? someMessages : { [field]: messagesNaming(field) },
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
 * Sends a write that must be refused with a 422 for `field` (`undefined`: for the body as a
 * whole), then checks that it changed nothing: the collection's total, and the entity of
 * `path` when it names one.
 */
async function expectRefused(
  method: string,
  path: string,
  body: unknown,
  field: string | undefined,
  hint: number,
): Promise<void> {
  const resource = path.split('/')[1] as 'speaker' | 'talk';
  const total = await totalOf(resource, 1);
  const entity = path.split('/').length > 2 ? await fetchEntity(path, 1) : undefined;
  const refused = await send(method, path, { json: body });
  // A POST the rules refuse that the database refused instead (a NOT NULL constraint, a 500)
  // was written before it was validated: that is the rule to fix, not the field's. (A PUT
  // that gets there may as well have been validated with the schema of a PATCH.)
  expectThat(method !== 'POST' || !reachedTheDatabase(refused), {
    expected: `the ${method} refused by validate() with a 422, before anything is written`,
    received: `the body written to the catalogue first, which refused it: ${errorText(refused.thrown)}`,
    exchange: refused,
    hint: 13,
  });
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

/** Whether an answer is a crash thrown by the catalogue's SQLite, which a write reached. */
function reachedTheDatabase(exchange: Exchange): boolean {
  return exchange.status >= 500 && (exchange.thrown as Error | undefined)?.name === 'SqliteError';
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
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
  // Without an id in the answer, the path says where it goes rather than `/speaker/undefined`.
  const path = `/speaker/${typeof id === 'number' ? id : '{id}'}`;
  expectResponse(
    created,
    {
      status: 201,
      headers: {
        'content-type': HAL,
        location: satisfies(
          (href) => pathOf(String(href)) === path,
          `the new speaker's URL, ${path}, as in its self link`,
        ),
      },
      json: { ...sent, id: expect.any(Number), _links: { self: linkTo(path) } },
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

it('still creates a talk with its speakers through the given TalkResource: POST /talk embeds them', async () => {
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
        _links: { self: linkTo(`/talk/${typeof id === 'number' ? id : '{id}'}`) },
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
  // GET serves null for them, so a client that PUTs back what it read sends null: as left out.
  const read = { name: 'Grace Brewster Hopper', url: null, twitter: null };
  expectResponse(
    await send('PUT', path, { json: read }),
    { status: 200, json: read },
    { hint: 10 },
  );
  // And a PATCH clears a field with null.
  expectResponse(
    await send('PATCH', path, { json: { url: 'https://grace.example' } }),
    { status: 200, json: { id, url: 'https://grace.example' } },
    { hint: 4 },
  );
  expectResponse(
    await send('PATCH', path, { json: { url: null } }),
    { status: 200, json: { id, url: null } },
    { hint: 10 },
  );
  expectResponse(await send('GET', path), { status: 200, json: { id, ...read } }, { hint: 10 });
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

// A PATCH that names no field would change nothing: a 200 would tell the client its change
// was made. Refused as a whole body, under whatever key the 422 files it.
it('refuses a PATCH of {}, which names no field to change, with a 422, and changes nothing', async () => {
  const [speaker] = await idsOf('speaker', 'speakers');
  const [talk] = await idsOf('talk', 'talks');
  await expectRefused('PATCH', `/speaker/${speaker}`, {}, undefined, 10);
  await expectRefused('PATCH', `/talk/${talk}`, {}, undefined, 10);
});

it('still replaces a talk with PUT and changes its day with PATCH, through the given TalkResource', async () => {
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
  // A PUT replaces the whole speaker, so it needs a name as a POST does.
  const [id] = await idsOf('speaker', 'speakers');
  await expectRefused('PUT', `/speaker/${id}`, { url: 'https://nameless.example' }, 'name', 4);
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
  // A PATCH keeps the rules of the fields it sends: its name is trimmed too.
  expectResponse(
    await send('PATCH', `/speaker/${id}`, { json: { name: '  Ada  ' } }),
    { status: 200, json: { id, name: 'Ada' } },
    { hint: 10 },
  );
  expectResponse(
    await send('GET', `/speaker/${id}`),
    { status: 200, json: { id, name: 'Ada' } },
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

it('still refuses a talk whose day is not YYYY-MM-DD, without a title, or with an unknown field (the given talkInput)', async () => {
  const [id] = await idsOf('talk', 'talks');
  for (const day of ['18/05/2027', '2027-5-18', 'tomorrow']) {
    await expectRefused('POST', '/talk', { title: 'Pipelines', day }, 'day', 10);
    await expectRefused('PATCH', `/talk/${id}`, { day }, 'day', 10);
  }
  await expectRefused('POST', '/talk', { day: '2027-05-18' }, 'title', 10);
  await expectRefused('PUT', `/talk/${id}`, { day: '2027-05-18' }, 'title', 10);
  await expectRefused('POST', '/talk', { title: 'Pipelines', room: 'A' }, 'room', 10);
});

it('still refuses a talk with a speaker nobody is, and links nothing (the given TalkResource)', async () => {
  const [speaker] = await idsOf('speaker', 'speakers');
  const [id] = await idsOf('talk', 'talks');
  const speakers = [speaker, 99999999];
  await expectRefused('POST', '/talk', { title: 'Pipelines', speakers }, 'speakers', 13);
  await expectRefused('PATCH', `/talk/${id}`, { speakers }, 'speakers', 13);
});

/** The 412 problem: the version `If-Match` names is not the entity's current one. */
const PRECONDITION_FAILED = {
  status: 412,
  headers: { 'content-type': PROBLEM },
  json: { status: 412, title: 'Precondition Failed' },
};

/** The ETag of an answer, which must have one. */
function etagOf(exchange: Exchange, hint: number): string {
  expectResponse(exchange, { headers: { etag: /^"[^"]*"$/ } }, { hint });
  return exchange.headers.get('etag') as string;
}

/**
 * Checks that the ETag a write answered is the one GET answers now: the write answered the
 * entity as `fetch` renders it, so the client may send that tag with its next write.
 */
async function expectCurrent(write: Exchange, path: string): Promise<string> {
  const tag = etagOf(write, 16);
  const fetched = await send('GET', path);
  expectResponse(fetched, { status: 200 }, { hint: 16 });
  expectThat(fetched.headers.get('etag') === tag, {
    expected: [
      `GET ${path} to answer the ETag the ${write.request.method} answered, ${tag}:`,
      'the write answers the entity exactly as fetch renders it, so its tag names the version',
      'the client now holds',
    ],
    received: [`ETag ${fetched.headers.get('etag')}, for the body`, fetched.text],
    exchange: write,
    hint: 16,
  });
  return tag;
}

/** Checks that GET `path` answers exactly `version`: the same body and the same ETag. */
async function expectUnchanged(path: string, version: Exchange): Promise<void> {
  expectResponse(
    await send('GET', path),
    { status: 200, headers: { etag: etagOf(version, 16) }, json: version.json },
    { hint: 16 },
  );
}

it('goes ahead with a write whose If-Match names the current ETag, and answers the ETag of the new version', async () => {
  const created = await send('POST', '/speaker', { json: { name: 'Edsger Dijkstra' } });
  expectResponse(created, { status: 201 }, { hint: 1 });
  const speaker = pathOf(created.headers.get('location') ?? '');
  let tag = await expectCurrent(created, speaker);
  for (const [method, body] of [
    ['PUT', { name: 'Edsger W. Dijkstra', url: 'https://ewd.example' }],
    ['PATCH', { twitter: '@ewd' }],
  ] as const) {
    const written = await send(method, speaker, { json: body, headers: { 'if-match': tag } });
    expectResponse(written, { status: 200, json: body }, { hint: 16 });
    tag = await expectCurrent(written, speaker);
  }
  const deleted = await send('DELETE', speaker, { headers: { 'if-match': tag } });
  expectResponse(deleted, { status: 204 }, { hint: 16 });
  expectResponse(await send('GET', speaker), NOT_FOUND, { hint: 16 });

  const [first, second] = await idsOf('speaker', 'speakers');
  const talk = await send('POST', '/talk', {
    json: { title: 'Go To considered', day: '2027-05-19', speakers: [first] },
  });
  expectResponse(talk, { status: 201 }, { hint: 1 });
  const path = pathOf(talk.headers.get('location') ?? '');
  tag = await expectCurrent(talk, path);
  for (const [method, body] of [
    ['PUT', { title: 'Go To, considered harmful', speakers: [first, second] }],
    ['PATCH', { day: '2027-05-20' }],
  ] as const) {
    const written = await send(method, path, { json: body, headers: { 'if-match': tag } });
    expectResponse(written, { status: 200 }, { hint: 16 });
    tag = await expectCurrent(written, path);
  }
  expectResponse(
    await send('DELETE', path, { headers: { 'if-match': tag } }),
    { status: 204 },
    {
      hint: 16,
    },
  );
});

it('prevents the lost update: a write whose If-Match names a version since replaced is a 412 problem, and changes nothing', async () => {
  const [, id] = await idsOf('speaker', 'speakers');
  const path = `/speaker/${id}`;
  // Two editors GET the same speaker and hold the same ETag.
  const seen = etagOf(await send('GET', path), 16);
  const first = await send('PUT', path, {
    json: { name: 'Barbara Liskov', url: 'https://liskov.example' },
    headers: { 'if-match': seen },
  });
  expectResponse(first, { status: 200 }, { hint: 16 });
  // The second has not seen the first's change: writing would silently undo it.
  const total = await totalOf('speaker', 16);
  for (const [method, body] of [
    ['PUT', { name: 'Margaret Hamilton' }],
    ['PATCH', { url: 'https://hamilton.example' }],
    ['DELETE', undefined],
  ] as const) {
    expectResponse(
      await send(method, path, { json: body, headers: { 'if-match': seen } }),
      PRECONDITION_FAILED,
      { hint: 16 },
    );
    await expectUnchanged(path, first);
  }
  expectThat((await totalOf('speaker', 16)) === total, {
    expected: `GET /speaker to count ${total} speakers after the refused writes`,
    hint: 16,
  });

  const [talkId] = await idsOf('talk', 'talks');
  const talk = `/talk/${talkId}`;
  const before = await send('GET', talk);
  const stale = etagOf(before, 16);
  expectResponse(
    await send('PATCH', talk, { json: { day: '2027-05-21' } }),
    { status: 200 },
    { hint: 4 },
  );
  const current = await send('GET', talk);
  expectResponse(
    await send('PUT', talk, { json: { title: 'Overwritten' }, headers: { 'if-match': stale } }),
    PRECONDITION_FAILED,
    { hint: 16 },
  );
  await expectUnchanged(talk, current);
});

it('compares tags strongly: a weak tag in If-Match is a 412, even for the current version', async () => {
  const [id] = await idsOf('speaker', 'speakers');
  const path = `/speaker/${id}`;
  const current = await send('GET', path);
  const weak = `W/${etagOf(current, 16)}`;
  for (const [method, body] of [
    ['PUT', { name: 'Weakly Matched' }],
    ['PATCH', { twitter: '@weak' }],
    ['DELETE', undefined],
  ] as const) {
    expectResponse(
      await send(method, path, { json: body, headers: { 'if-match': weak } }),
      PRECONDITION_FAILED,
      { hint: 16 },
    );
    await expectUnchanged(path, current);
  }
});

it('takes If-Match: * as "any current version": a write to an entity nobody has is a 412, one that exists goes ahead', async () => {
  for (const [method, path, body] of [
    ['PUT', '/speaker/99999999', { name: 'Nobody' }],
    ['PATCH', '/talk/99999999', { title: 'Nothing' }],
    ['DELETE', '/speaker/99999999', undefined],
  ] as const) {
    expectResponse(
      await send(method, path, { json: body, headers: { 'if-match': '*' } }),
      PRECONDITION_FAILED,
      { hint: 16 },
    );
  }
  const [id] = await idsOf('talk', 'talks');
  expectResponse(
    await send('PATCH', `/talk/${id}`, {
      json: { day: '2027-05-22' },
      headers: { 'if-match': '*' },
    }),
    { status: 200, json: { id, day: '2027-05-22' } },
    { hint: 16 },
  );
});

it("goes ahead with a write without If-Match, whatever version the client saw: the condition is the client's to ask for", async () => {
  const [id] = await idsOf('speaker', 'speakers');
  const path = `/speaker/${id}`;
  const seen = etagOf(await send('GET', path), 16);
  expectResponse(
    await send('PATCH', path, { json: { twitter: '@first' }, headers: { 'if-match': seen } }),
    { status: 200 },
    { hint: 16 },
  );
  expectResponse(
    await send('PATCH', path, { json: { twitter: '@second' } }),
    { status: 200, json: { id, twitter: '@second' } },
    { hint: 16 },
  );
});
