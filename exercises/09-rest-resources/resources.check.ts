import { isDeepStrictEqual } from 'node:util';
import { createInMemoryCatalogue } from '@hyperpipe/catalogue';
import {
  BASE_URL,
  CheckFailure,
  type Exchange,
  expectResponse,
  expectThat,
  type Handler,
  loadCreateApp,
  satisfies,
  send,
  setStartupHint,
} from '@hyperpipe/cli/harness';
import { expect, it } from 'vitest';
import { counted, countStatements, describeCount } from '../../cli/src/harness/statementCount.ts';
import {
  type CollectionPage,
  expectCollectionPage,
  expectEmbeddedLinked,
  expectLinkedAsWalked,
  expectRoot,
  followTemplate,
  getRoot,
  itemsAlong,
  type Listed,
  linkTo as linkBackTo,
  linksOf,
  sameUrls,
  templateTo,
  walkRelation,
} from '../07-hal-speakers/hal.ts';

// A createApp() that throws here is mostly the old routes clashing with the resources'.
setStartupHint(10);

const PROBLEM = /^application\/problem\+json/;
const HAL = /^application\/hal\+json/;

/** The methods an `Allow` header lists, upper-cased, whatever their order and spacing. */
const allowed = (value: unknown) =>
  typeof value === 'string' ? value.split(',').map((method) => method.trim().toUpperCase()) : [];

// A read-only resource serves GET, HEAD with it, and OPTIONS, which says so; no writes.
const readOnly = (methods: string[]) =>
  methods.length === 3 && ['GET', 'HEAD', 'OPTIONS'].every((method) => methods.includes(method));

const onlyGet = satisfies(
  (value) => readOnly(allowed(value)),
  'GET,HEAD,OPTIONS exactly: the resource serves no write yet',
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
  // No route at all: the resources are not registered (or not reached).
  expectThat(exchange.status !== 404, {
    expected: 'GET /speaker: a route, the collection route of the Conference.V1.Speaker resource',
    received: `${exchange.status}: no route matched /speaker`,
    exchange,
    hint: 10,
  });
  const embedded = (exchange.json as { _embedded?: Record<string, unknown> } | undefined)
    ?._embedded;
  // The page is there, under another name: the configuration's collectionName.
  expectThat(exchange.status !== 200 || embedded === undefined || 'speakers' in embedded, {
    expected: 'GET /speaker: the page under _embedded.speakers, as in step 07',
    received: `_embedded.${Object.keys(embedded ?? {}).join(', _embedded.')}`,
    exchange,
    hint: 7,
  });
  const id = (embedded?.speakers as { id?: unknown }[] | undefined)?.[0]?.id;
  expectThat(typeof id === 'number', {
    expected: 'GET /speaker: a page of speakers, with ids, under _embedded.speakers',
    exchange,
    hint: 4,
  });
  return id;
}

/** Collections stay light: no item of a page carries the relations its entity embeds. */
function expectLightItems(exchange: Exchange, collection: string, relation: string): void {
  const items =
    (exchange.json as { _embedded?: Record<string, unknown> } | undefined)?._embedded?.[
      collection
    ] ?? [];
  const heavy = (items as { id?: unknown; _embedded?: unknown; [field: string]: unknown }[]).find(
    (item) => item._embedded !== undefined || item[relation] !== undefined,
  );
  expectThat(heavy === undefined, {
    expected: `the items of GET ${new URL(exchange.request.url).pathname}: their own fields and self link, without their ${relation} (collections stay light)`,
    received: `item ${String(heavy?.id)} with its ${relation}`,
    exchange,
    hint: 4,
  });
}

/** The ids of a page's items. */
const idsOfPage = (exchange: Exchange, collection: string): unknown[] =>
  (
    ((exchange.json as { _embedded?: Record<string, unknown> } | undefined)?._embedded?.[
      collection
    ] ?? []) as { id?: unknown }[]
  ).map((item) => item.id);

type Item = Record<string, unknown>;

/** A resource's own fields: everything but `_links` and `_embedded`. */
function fieldsOf(item: Item): Item {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !name.startsWith('_')));
}

/** What an answer embeds under `name`. */
const embeddedOf = (exchange: Exchange, name: string): Item[] =>
  (exchange.json as { _embedded?: Record<string, Item[]> } | undefined)?._embedded?.[name] ?? [];

/**
 * A talk of the first page of GET /talk that has speakers, and its GET. TalkResource.fetch
 * is given, so a page without talks is fetchAll's or the configuration's doing, and talks
 * without embedded speakers the configuration's.
 */
async function talkWithSpeakers(): Promise<{ id: number; talk: Exchange }> {
  const list = await send('GET', '/talk');
  expectResponse(list, { status: 200 }, { hint: 4 });
  const embedded = (list.json as { _embedded?: Record<string, unknown> } | undefined)?._embedded;
  const items = embedded?.talks as { id: number }[] | undefined;
  expectThat(Array.isArray(items) && items.length > 0, {
    expected: 'the talks of the page under _embedded.talks',
    received: `_embedded holds ${Object.keys(embedded ?? {}).join(', ') || 'nothing'}`,
    exchange: list,
    hint: 7,
  });
  for (const { id } of items) {
    const talk = await send('GET', `/talk/${id}`);
    const speakers = (talk.json as { _embedded?: { speakers?: unknown[] } } | undefined)?._embedded
      ?.speakers;
    if (Array.isArray(speakers) && speakers.length > 0) return { id, talk };
  }
  throw new CheckFailure({
    summary: 'GET /talk/{talk_id}: no talk of the first page has _embedded.speakers',
    expected: [
      'a talk of the first page of GET /talk with _embedded.speakers that is not empty: the configuration of the talks embeds their speakers field',
    ],
    received: ['none'],
    hint: 7,
  });
}

it('serves a speaker as HAL with their talks, a 304 for its ETag; PUT, PATCH and DELETE are the resource 405', async () => {
  const id = await firstSpeakerId();
  const path = `/speaker/${id}`;
  const speaker = await send('GET', path);
  // The resource found the speaker, but rendering it failed: the configuration names an
  // entity kind no entry defines.
  expectThat(speaker.status !== 500, {
    expected: `GET ${path}: the speaker; every kind the rest configuration's embedded names is the entity of an entry`,
    exchange: speaker,
    hint: 7,
  });
  const fields = speaker.json as
    | { talks?: unknown; _links?: { talks?: unknown }; _embedded?: unknown }
    | undefined;
  // The talks are there, as a plain field or as links only: nothing says to embed them.
  expectThat(!(Array.isArray(fields?.talks) && fields?._embedded === undefined), {
    expected: `GET ${path}: the talks under _embedded.talks, each a Talk with its own self link`,
    received: 'a plain talks field: the configuration does not say to embed it',
    exchange: speaker,
    hint: 7,
  });
  const linked = fields?._links?.talks;
  expectThat(!(Array.isArray(linked) && linked.length > 0 && fields?._embedded === undefined), {
    expected: `GET ${path}: the talks under _embedded.talks, each a Talk with its own self link`,
    received:
      'links to the talks, and nothing embedded: the configuration links them, but does not say to embed them',
    exchange: speaker,
    hint: 7,
  });
  expectResponse(
    speaker,
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
  // Every field of the speaker, as a page lists it: the entity adds to them, drops none.
  const listed = ((await send('GET', '/speaker')).json as { _embedded: { speakers: Item[] } })
    ._embedded.speakers[0] as Item;
  expectResponse(speaker, { json: fieldsOf(listed) }, { hint: 1 });
  // Each embedded talk is the whole talk, and links to all its speakers, as the talk does alone.
  for (const talk of embeddedOf(speaker, 'talks')) {
    const alone = await send('GET', `/talk/${String(talk.id)}`);
    const whole = fieldsOf(alone.json as Item);
    expectThat(isDeepStrictEqual(fieldsOf(talk), whole), {
      expected: `talk ${String(talk.id)} embedded whole, with the fields it has alone: ${Object.keys(whole).join(', ')}`,
      received: `embedded with ${Object.keys(fieldsOf(talk)).join(', ') || 'no fields'}`,
      exchange: speaker,
      hint: 1,
    });
    const embedded = linksOf(speaker, talk, 'speakers') ?? [];
    const own = linksOf(alone, alone.json, 'speakers') ?? [];
    expectThat(sameUrls(embedded, own), {
      expected: `talk ${String(talk.id)} embedded with the "speakers" links it has alone: ${own.join(', ')}`,
      received: `embedded with ${embedded.join(', ') || 'none'}`,
      exchange: speaker,
      hint: 13,
    });
  }
  expectResponse(
    await send('HEAD', path),
    { status: 200, headers: { 'content-type': HAL }, text: '' },
    { hint: 10 },
  );
  // The resource tags and revalidates its answers as step 06's handler did by hand.
  const tag = speaker.headers.get('etag') ?? 'no ETag';
  expectResponse(
    await send('GET', path, { headers: { 'if-none-match': tag } }),
    { status: 304, headers: { etag: tag }, text: '' },
    { hint: 10 },
  );
  expectResponse(
    await send('OPTIONS', path),
    { status: 204, headers: { allow: onlyGet } },
    { hint: 10 },
  );
  expectResponse(await send('DELETE', path), notDefined('DELETE', 'entities'), { hint: 10 });
  expectResponse(
    await send('PUT', path, { json: { name: 'Ada Lovelace' } }),
    notDefined('PUT', 'entities'),
    { hint: 10 },
  );
  expectResponse(
    await send('PATCH', path, { json: { name: 'Ada Lovelace' } }),
    notDefined('PATCH', 'entities'),
    { hint: 10 },
  );
});

it('serves the speakers as a HAL page; POST and DELETE on it are the resource 405, OPTIONS its 204', async () => {
  const page = await send('GET', '/speaker');
  expectResponse(
    page,
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
    { hint: 4 },
  );
  expectLightItems(page, 'speakers', 'talks');
  // A page so far past the last that its offset is no safe integer: refused all the same.
  expectResponse(
    await send('GET', `/speaker?page=${Number.MAX_SAFE_INTEGER}`),
    {
      status: 409,
      headers: { 'content-type': PROBLEM },
      json: { detail: 'Invalid page provided' },
    },
    { hint: 4 },
  );
  expectResponse(
    await send('POST', '/speaker', { json: { name: 'Ada Lovelace' } }),
    notDefined('POST', 'collections'),
    { hint: 10 },
  );
  expectResponse(await send('DELETE', '/speaker'), notDefined('DELETE', 'collections'), {
    hint: 10,
  });
  expectResponse(
    await send('OPTIONS', '/speaker'),
    { status: 204, headers: { allow: onlyGet } },
    { hint: 10 },
  );
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
  expectResponse(await send('DELETE', path), notDefined('DELETE', 'entities'), { hint: 10 });
  expectResponse(
    await send('PUT', path, { json: { title: 'Pipelines' } }),
    notDefined('PUT', 'entities'),
    { hint: 10 },
  );
  expectResponse(
    await send('PATCH', path, { json: { title: 'Pipelines' } }),
    notDefined('PATCH', 'entities'),
    { hint: 10 },
  );
});

it('serves the talks as HAL pages; POST and DELETE on them are the resource 405', async () => {
  const first = await send('GET', '/talk');
  const second = await send('GET', '/talk?page=2');
  expectResponse(
    second,
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
    { hint: 4 },
  );
  const firstIds = idsOfPage(first, 'talks');
  const again = idsOfPage(second, 'talks').filter((id) => firstIds.includes(id));
  expectThat(again.length === 0, {
    expected: 'GET /talk?page=2: the talks after the first 25, none of page 1',
    received: `talks ${again.join(', ')} on both pages`,
    exchange: second,
    hint: 4,
  });
  expectLightItems(second, 'talks', 'speakers');
  expectResponse(
    await send('POST', '/talk', { json: { title: 'Pipelines' } }),
    notDefined('POST', 'collections'),
    { hint: 10 },
  );
  expectResponse(await send('DELETE', '/talk'), notDefined('DELETE', 'collections'), { hint: 10 });
});

it('answers an id nobody has with 404 Entity not found, but a method first with its 405', async () => {
  for (const path of ['/speaker/99999999', '/talk/99999999']) {
    expectResponse(
      await send('GET', path),
      { status: 404, headers: { 'content-type': PROBLEM }, json: { detail: 'Entity not found.' } },
      { hint: 1 },
    );
    // The resource refuses a method it does not serve before it looks the entity up.
    expectResponse(await send('DELETE', path), notDefined('DELETE', 'entities'), { hint: 10 });
  }
  // An id that is no positive integer does not even match the entity route, and a leading
  // zero would give a speaker a second URL.
  const speakerId = await firstSpeakerId();
  const talkId = idsOfPage(await send('GET', '/talk'), 'talks')[0];
  for (const path of ['/speaker/abc', `/speaker/0${speakerId}`, `/talk/00${String(talkId)}`]) {
    expectResponse(
      await send('GET', path),
      {
        status: 404,
        headers: { 'content-type': PROBLEM },
        json: {
          detail: satisfies(
            (detail) => detail !== 'Entity not found.',
            "the router's 404: no entity URL",
          ),
        },
      },
      { hint: 7 },
    );
  }
});

/** The root's links to the resources, each a template a client fills in, and to the time zone service. */
function rootLinks(exchange: Exchange) {
  const collection = (path: string) =>
    templateTo(exchange, `${path}{?page}`, [
      { values: {}, path, page: 'absent' },
      { values: { page: 2 }, path, page: 2 },
    ]);
  return {
    speakers: collection('/speaker'),
    speaker: templateTo(exchange, '/speaker/{speaker_id}', [
      { values: { speaker_id: 7 }, path: '/speaker/7' },
    ]),
    talks: collection('/talk'),
    talk: templateTo(exchange, '/talk/{talk_id}', [{ values: { talk_id: 3 }, path: '/talk/3' }]),
    timezone: satisfies(
      (link) =>
        linkBackTo(exchange, '/timezone').asymmetricMatch(link) &&
        (link as { type?: unknown }).type === 'application/json',
      'a link { "href": …/timezone, "type": "application/json" }: the service answers JSON only',
    ),
  };
}

/** Expects each of the root's links but `self` to say, for people, what it leads to. */
function expectTitles(exchange: Exchange): void {
  const links = (exchange.json as { _links?: Record<string, { title?: unknown }> })._links ?? {};
  const untitled = Object.entries(links).filter(
    ([relation, link]) => relation !== 'self' && !(typeof link.title === 'string' && link.title),
  );
  expectThat(untitled.length === 0, {
    expected: 'each link of the root but self with a "title", such as "A talk, by id"',
    received: `no title on ${untitled.map(([relation]) => relation).join(', ')}`,
    exchange,
    hint: 16,
  });
}

/** The API root, of the target or of `app`, after checking its links. */
async function root(app?: Handler): Promise<Exchange> {
  const exchange = await getRoot(app);
  expectRoot(exchange, rootLinks(exchange), { route: 16, links: 16 });
  expectTitles(exchange);
  return exchange;
}

/** The collections, as the root names them. */
const SPEAKERS = { relation: 'speakers', path: '/speaker' } as const;
const TALKS = { relation: 'talks', path: '/talk' } as const;

/** The first page of a collection, where a client finds it: the root's link, no page given. */
async function firstPage(
  collection: typeof SPEAKERS | typeof TALKS,
  app?: Handler,
): Promise<CollectionPage> {
  const { relation, path } = collection;
  const exchange = await followTemplate(await root(app), relation, {}, 16, app ? { app } : {});
  return expectCollectionPage(exchange, { path, name: relation, page: 1 }, { shape: 4, links: 4 });
}

/** Every item of a collection, from the root along the `next` links. */
async function allItems(
  collection: typeof SPEAKERS | typeof TALKS,
  app?: Handler,
): Promise<Listed[]> {
  const { relation: name, path } = collection;
  return itemsAlong(await firstPage(collection, app), { path, name }, { shape: 4, links: 4 }, app);
}

const emptyList = satisfies(
  (value) => Array.isArray(value) && value.length === 0,
  'an empty list [], there all the same',
);

it("answers a HAL client's GET / with the root, its links made from the routes they lead to", async () => {
  const start = await root();
  // The time zone service takes JSON only: its link says so, and a client asks for that.
  const timezone = (start.json as { _links: { timezone: { href: string } } })._links.timezone;
  expectResponse(
    await send('GET', new URL(timezone.href, BASE_URL).pathname, {
      headers: { accept: 'application/json' },
    }),
    { status: 200 },
    { hint: 16 },
  );
});

it("walks from the root to every speaker's talks and back, by the links of the pages alone", async () => {
  // As a generic HAL client does: no speaker is fetched, each item says where its talks are.
  const giving = await walkRelation(await allItems(SPEAKERS), 'talks', 'speakers', {
    links: 13,
    back: 13,
  });
  expectLinkedAsWalked(await allItems(TALKS), 'speakers', giving, 13);
});

it('links a speaker to their embedded talks and a talk to its embedded speakers, each of which links back', async () => {
  const start = await root();
  const [speaker] = (await firstPage(SPEAKERS)).items;
  const entity = await followTemplate(start, 'speaker', { speaker_id: speaker?.id as number }, 16);
  expectResponse(entity, { status: 200 }, { hint: 1 });
  expectEmbeddedLinked(entity, 'talks', 'speakers', 13);
  const { talk } = await talkWithSpeakers();
  expectEmbeddedLinked(talk, 'speakers', 'talks', 13);
});

it('gives a speaker without talks and a talk without speakers empty lists of links, in pages too', async () => {
  // Every speaker of the seed has talks: the check adds one without to a catalogue of its own,
  // where the seed's closing panel is a talk without speakers.
  const createApp = await loadCreateApp();
  const database = createInMemoryCatalogue();
  try {
    const talk = database
      .prepare(
        'SELECT min(id) AS id FROM talks WHERE id NOT IN (SELECT talk_id FROM talks_speakers)',
      )
      .get() as { id: number };
    const speaker = database
      .prepare("INSERT INTO speakers (name) VALUES ('Not Yet On The Programme') RETURNING id")
      .get() as { id: number };
    const app = await createApp({ database });
    const start = await root(app);
    const alone = await followTemplate(start, 'talk', { talk_id: talk.id }, 16, { app });
    expectResponse(
      alone,
      { status: 200, json: { id: talk.id, _links: { speakers: emptyList } } },
      { hint: 13 },
    );
    const idle = await followTemplate(start, 'speaker', { speaker_id: speaker.id }, 16, { app });
    expectResponse(
      idle,
      { status: 200, json: { id: speaker.id, _links: { talks: emptyList } } },
      { hint: 13 },
    );
    // An item links, and embeds nothing: not even an empty list.
    for (const [collection, id, relation] of [
      [SPEAKERS, speaker.id, 'talks'],
      [TALKS, talk.id, 'speakers'],
    ] as const) {
      const listed = (await allItems(collection, app)).find(({ item }) => item.id === id);
      expectThat(listed !== undefined, {
        expected: `${collection.relation.slice(0, -1)} ${id} on a page of ${collection.relation}`,
        hint: 4,
      });
      const { exchange, item } = listed;
      expectThat(
        emptyList.asymmetricMatch(
          (item._links as Record<string, unknown> | undefined)?.[relation],
        ) && item._embedded === undefined,
        {
          expected: `${collection.relation.slice(0, -1)} ${id} of the page with "_links": { "${relation}": [] } and no "_embedded"`,
          received: JSON.stringify(item),
          exchange,
          hint: 13,
        },
      );
    }
  } finally {
    database.close();
  }
});

it("answers a method no resource serves, such as PROPFIND, with the resource's own 405", async () => {
  const id = await firstSpeakerId();
  // One answer per path: every method the resource lacks gets the same 405, in its words.
  for (const [path, kind] of [
    ['/speaker', 'collections'],
    [`/speaker/${id}`, 'entities'],
  ] as const) {
    const exchange = await send('PROPFIND', path);
    expectResponse(
      exchange,
      {
        status: 405,
        headers: { 'content-type': PROBLEM, allow: resourceMethods },
        json: { status: 405, title: 'Method Not Allowed' },
      },
      { hint: 10 },
    );
    expectResponse(exchange, notDefined('PROPFIND', kind), { hint: 10 });
  }
});

it('answers an empty catalogue with empty pages of speakers and talks', async () => {
  const createApp = await loadCreateApp();
  const database = createInMemoryCatalogue();
  try {
    database.exec('DELETE FROM talks_speakers; DELETE FROM talks; DELETE FROM speakers;');
    const app = await createApp({ database });
    const start = await root(app);
    for (const name of ['speakers', 'talks'] as const) {
      expectResponse(
        await followTemplate(start, name, {}, 16, { app }),
        { status: 200, json: { count: 0, total: 0, _embedded: { [name]: emptyList } } },
        { hint: 4 },
      );
    }
  } finally {
    database.close();
  }
});

it('reads one page, not the table, and the links of a page or an entity in one query', async () => {
  const createApp = await loadCreateApp();
  const database = createInMemoryCatalogue();
  try {
    const count = countStatements(database);
    const app = await createApp({ database });
    const start = await root(app);
    for (const [name, relation, page] of [
      ['speakers', 'talks', 1],
      ['talks', 'speakers', 2],
    ] as const) {
      // The first request opens the catalogue and prepares its statements.
      await followTemplate(start, name, { page }, 16, { app });
      count.reset();
      const exchange = await followTemplate(start, name, { page }, 16, { app });
      expectResponse(exchange, { status: 200 }, { hint: 4 });
      const items = embeddedOf(exchange, name);
      const links = items.reduce(
        (sum, item) => sum + (linksOf(exchange, item, relation)?.length ?? 0),
        0,
      );
      // The page, its total, and the ids its items link to: one row each.
      const needed = items.length + 1 + links;
      expectThat(count.statements <= 4 && count.rows <= needed, {
        expected: `three statements, reading about ${counted(needed, 'row')}: the ${items.length} items of the page, the total, and the ${links} ids they link to, in one query`,
        received: describeCount(count),
        exchange,
        hint: 4,
      });
    }
    await send('GET', '/speaker/1', { app });
    count.reset();
    const speaker = await send('GET', '/speaker/1', { app });
    expectThat(count.statements <= 4, {
      expected:
        "three statements: the speaker, their talks, and all these talks' speakers' ids in one query",
      received: describeCount(count),
      exchange: speaker,
      hint: 1,
    });
  } finally {
    database.close();
  }
});
