import { isDeepStrictEqual } from 'node:util';
import { createInMemoryCatalogue } from '@hyperpipe/catalogue';
import {
  createTargetApp,
  type Exchange,
  expectResponse,
  expectThat,
  type Handler,
  loadCreateApp,
  type Matcher,
  satisfies,
  send,
  setHandlerHints,
} from '@hyperpipe/cli/harness';
import { createApplication } from 'hyperpipe';
import { describe, it } from 'vitest';
import { countStatements, describeCount } from '../../cli/src/harness/statementCount.ts';
import {
  type CollectionPage,
  expectCollectionPage,
  expectEmbeddedLinked,
  expectLinkedAsWalked,
  expectRoot,
  follow,
  followTemplate,
  getRoot,
  HAL,
  hrefOf,
  itemsAlong,
  itemsLinkingTo,
  type Listed,
  linksOf,
  linkTo,
  MOUNTED_AT,
  PROBLEM,
  resolve,
  sameUrls,
  selfOf,
  target,
  templateTo,
  walkRelation,
} from '../07-hal-speakers/hal.ts';

// The talk collection's handler and the talks' routes are given: when their answers are
// wrong, a given file was changed (hint 1).
const hints = { shape: 1, links: 1 };
// The speakers' pages are step 07's, with a link to each speaker's talks now (hint 8).
const speakerHints = { shape: 8, links: 8 };
/** The root's hints: its route is step 07's, its links gain the talks (hint 11). */
const rootHints = { route: 11, links: 11 };

// A crash names the hint of the file that threw, whatever the check was about.
setHandlerHints({
  'src/root/ApiRoot.ts': rootHints.links,
  'src/talk/TalkEntityHandler.ts': 2,
  'src/speaker/SpeakerEntityHandler.ts': 5,
  'src/speaker/SpeakerCollectionHandler.ts': speakerHints.links,
});

type Item = Record<string, unknown>;

/** The links a client needs from the root to find any speaker or talk. */
function rootLinks(exchange: Exchange): Record<string, Matcher> {
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
  };
}

/** The API root, of the target or of `app`, after checking its links. */
async function root(app?: Handler): Promise<Exchange> {
  const exchange = await getRoot(app);
  expectRoot(exchange, rootLinks(exchange), rootHints);
  return exchange;
}

/** A collection, as the checks walk it: its path, its name under `_embedded`, its hints. */
interface Collection {
  relation: 'talks' | 'speakers';
  path: string;
  hints: { shape: number; links: number };
}

const TALKS: Collection = { relation: 'talks', path: '/talk', hints };
const SPEAKERS: Collection = { relation: 'speakers', path: '/speaker', hints: speakerHints };

/** The first page of a collection, where a client finds it: the root's link, no page given. */
async function firstPage(collection: Collection, app?: Handler): Promise<CollectionPage> {
  const { relation, path } = collection;
  const exchange = await followTemplate(await root(app), relation, {}, rootHints.links, {
    ...(app ? { app } : {}),
  });
  expectResponse(exchange, { status: 200 }, { hint: relation === 'talks' ? 1 : 8 });
  return expectCollectionPage(exchange, { path, name: relation, page: 1 }, collection.hints);
}

/** Every item of a collection, each with the answer that listed it, along the `next` links. */
async function allItems(collection: Collection, app?: Handler): Promise<Listed[]> {
  const { path, relation: name, hints } = collection;
  return itemsAlong(await firstPage(collection, app), { path, name }, hints, app);
}

/** GETs what an item's self link leads to, as found in the answer that listed it. */
function followSelf(listing: Exchange, item: Item): Promise<Exchange> {
  return send('GET', target(resolve(listing, hrefOf(item, 'self')) as URL));
}

/** What an entity embeds: under `name`, items of `path`, each linking back under `back`. */
interface Embedded {
  name: 'talks' | 'speakers';
  path: string;
  back: 'talks' | 'speakers';
  hint: number;
}

const SPEAKERS_OF_A_TALK: Embedded = {
  name: 'speakers',
  path: '/speaker',
  back: 'talks',
  hint: 2,
};
const TALKS_OF_A_SPEAKER: Embedded = { name: 'talks', path: '/talk', back: 'speakers', hint: 5 };

/**
 * Expects a HAL entity of `path` with the given fields, embedding under `name` a list of
 * items that each link to their own entity under `embedded.path`, linking to each of them
 * under `name` as well, and each of them linking back to it under `embedded.back`.
 */
function expectEntity(
  exchange: Exchange,
  path: string,
  fields: Item,
  embedded: Embedded,
  hint: number,
): Item[] {
  const { name, back } = embedded;
  expectResponse(
    exchange,
    {
      status: 200,
      headers: { 'content-type': HAL },
      json: { ...fields, _links: { self: linkTo(exchange, path) } },
    },
    { hint },
  );
  expectResponse(
    exchange,
    { json: { _embedded: { [name]: itemsLinkingTo(exchange, embedded.path) } } },
    { hint: embedded.hint },
  );
  expectEmbeddedLinked(exchange, name, back, embedded.hint);
  return (exchange.json as { _embedded: Record<string, Item[]> })._embedded[name] ?? [];
}

/** A talk of the first page that has speakers, as its entity answer. */
async function talkWithSpeakers(): Promise<{ exchange: Exchange; talk: Item; speakers: Item[] }> {
  const { exchange: listing, items } = await firstPage(TALKS);
  let found: { exchange: Exchange; talk: Item; speakers: Item[] } | undefined;
  for (const talk of items) {
    const exchange = await followSelf(listing, talk);
    const speakers = expectEntity(
      exchange,
      `/talk/${talk.id}`,
      { id: talk.id },
      SPEAKERS_OF_A_TALK,
      2,
    );
    if (speakers.length > 0) {
      found = { exchange, talk, speakers };
      break;
    }
  }
  expectThat(found, {
    expected: 'a talk of the first page with its speakers under "_embedded.speakers"',
    received: 'no talk of the first page embeds any speaker',
    hint: 2,
  });
  return found;
}

const emptyList = satisfies(
  (value) => Array.isArray(value) && value.length === 0,
  'an empty list [], there all the same',
);

/** Expects none of a collection page's items to embed anything: relations come as links. */
function expectLightItems(page: CollectionPage, name: string): void {
  const heavy = page.items.filter((item) => Object.hasOwn(item, '_embedded'));
  expectThat(heavy.length === 0, {
    expected: `the items of "_embedded.${name}" with their own fields and links only, no "_embedded"`,
    received: `${heavy.length} of ${page.items.length} items embed ${Object.keys(heavy[0]?._embedded ?? {}).join(', ')}`,
    exchange: page.exchange,
    hint: 8,
  });
}

function problem(status: number, detail?: string) {
  return {
    status,
    headers: { 'content-type': PROBLEM },
    json: detail === undefined ? { status } : { status, detail },
  };
}

/** A resource's own fields: everything but `_links` and `_embedded`. */
function fieldsOf(item: Item): Item {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !name.startsWith('_')));
}

/** The hrefs of a HAL document and of everything it embeds that are not absolute URLs. */
function relativeHrefs(document: unknown): string[] {
  if (Array.isArray(document)) return document.flatMap(relativeHrefs);
  if (typeof document !== 'object' || document === null) return [];
  return Object.entries(document).flatMap(([name, value]) =>
    name === 'href' && typeof value === 'string'
      ? /^https?:\/\//.test(value)
        ? []
        : [value]
      : relativeHrefs(value),
  );
}

/** Expects every link of an entity, and of what it embeds, to be an absolute URL. */
function expectAbsoluteLinks(exchange: Exchange, hint: number): void {
  const relative = relativeHrefs(exchange.json);
  expectThat(relative.length === 0, {
    expected: 'absolute links, such as "http://localhost:8080/talk/3", built from the request',
    received: `links ${relative.slice(0, 3).join(', ')}`,
    exchange,
    hint,
  });
}

/**
 * Expects each resource embedded under `name` to be the whole resource, every field its own
 * entity has, and to link under `back` to what its own entity links to: all of its
 * relations, not only the entity it is embedded in.
 */
async function expectEmbeddedLinkedAsAlone(
  exchange: Exchange,
  name: string,
  back: string,
  hint: number,
): Promise<void> {
  const items = (exchange.json as { _embedded?: Record<string, Item[]> })._embedded?.[name] ?? [];
  for (const item of items) {
    const alone = await followSelf(exchange, item);
    expectResponse(alone, { status: 200 }, { hint });
    const fields = fieldsOf(alone.json as Item);
    expectThat(isDeepStrictEqual(fieldsOf(item), fields), {
      expected: `${selfOf(exchange, item)} embedded whole, with the fields it has alone: ${Object.keys(fields).join(', ')}`,
      received: `embedded with ${Object.keys(fieldsOf(item)).join(', ') || 'no fields'}`,
      exchange,
      hint,
    });
    const embedded = linksOf(exchange, item, back) ?? [];
    const own = linksOf(alone, alone.json, back) ?? [];
    expectThat(sameUrls(embedded, own), {
      expected: `${selfOf(exchange, item)} embedded with the "${back}" links it has alone: ${own.join(', ') || 'none'}`,
      received: `embedded with ${embedded.join(', ') || 'none'}`,
      exchange,
      hint,
    });
  }
}

/** A matcher of an `Allow` header that names these methods and no other, in any order. */
function allowing(methods: readonly string[]) {
  return satisfies((value) => {
    const named = String(value)
      .split(',')
      .map((method) => method.trim());
    return named.length === methods.length && methods.every((method) => named.includes(method));
  }, methods.join(', '));
}

describe('step 08: HAL talks and embedded relations', () => {
  it("answers a HAL client's GET / with the API root, now with templated links to the talks and to any talk", async () => {
    await root();
  });

  it('follows the root\'s "talks" to the first page of talks, a HAL collection', async () => {
    await firstPage(TALKS);
  });

  it('follows the talks\' "next" and "last" links', async () => {
    const first = await firstPage(TALKS);
    expectCollectionPage(
      await follow(first.exchange, 'next', hints.links),
      { path: '/talk', name: 'talks', page: 2 },
      hints,
    );
    expectCollectionPage(
      await follow(first.exchange, 'last', hints.links),
      { path: '/talk', name: 'talks', page: first.pageCount },
      hints,
    );
  });

  it("answers a talk's self link with that talk, linking to its speakers and embedding them", async () => {
    const { exchange: listing, items } = await firstPage(TALKS);
    const talk = items[0] as Item;
    const exchange = await followSelf(listing, talk);
    expectEntity(
      exchange,
      `/talk/${talk.id}`,
      { id: talk.id, title: talk.title },
      SPEAKERS_OF_A_TALK,
      2,
    );
    // The self link of the talk leads back to it.
    expectResponse(
      await follow(exchange, 'self', 2),
      { status: 200, json: { id: talk.id } },
      { hint: 2 },
    );
    // Every field the page shows, absolute links, and each speaker as it is alone.
    expectResponse(exchange, { json: fieldsOf(talk) }, { hint: 2 });
    expectAbsoluteLinks(exchange, 2);
    await expectEmbeddedLinkedAsAlone(exchange, 'speakers', 'talks', 2);
  });

  it('builds the links of a talk, a speaker and what they embed from the request, keeping the prefix the client used', async () => {
    // The application mounted under a prefix, as step 04 mounted the blog under /blog.
    const app = createApplication().pipe(MOUNTED_AT, await createTargetApp());
    const start = await getRoot(app, MOUNTED_AT);
    expectRoot(start, rootLinks(start), rootHints);
    const exchange = await followTemplate(start, 'talk', { talk_id: 3 }, rootHints.links, { app });
    expectEntity(exchange, '/talk/3', { id: 3 }, SPEAKERS_OF_A_TALK, 2);
    const speaker = await followTemplate(start, 'speaker', { speaker_id: 1 }, rootHints.links, {
      app,
    });
    expectEntity(speaker, '/speaker/1', { id: 1 }, TALKS_OF_A_SPEAKER, 5);
  });

  it("answers a speaker's self link with that speaker, linking to their talks and embedding them", async () => {
    const { exchange: listing, items } = await firstPage(SPEAKERS);
    for (const speaker of items) {
      const exchange = await followSelf(listing, speaker);
      const talks = expectEntity(
        exchange,
        `/speaker/${speaker.id}`,
        { id: speaker.id, name: speaker.name },
        TALKS_OF_A_SPEAKER,
        5,
      );
      if (talks.length === 0) continue;
      expectResponse(exchange, { json: fieldsOf(speaker) }, { hint: 5 });
      // Each embedded talk links to all its speakers, as it does alone.
      await expectEmbeddedLinkedAsAlone(exchange, 'talks', 'speakers', 5);
      // Each embedded talk's self link leads to that talk.
      for (const talk of talks) {
        expectResponse(
          await followSelf(exchange, talk),
          { status: 200, headers: { 'content-type': HAL }, json: { id: talk.id } },
          { hint: 5 },
        );
      }
      return;
    }
    expectThat(false, {
      expected: 'a speaker of the first page with their talks under "_embedded.talks"',
      received: 'no speaker of the first page embeds any talk',
      exchange: listing,
      hint: 5,
    });
  });

  it("finds a talk among the embedded talks of each of the talk's speakers", async () => {
    const { exchange, talk, speakers } = await talkWithSpeakers();
    for (const speaker of speakers) {
      const found = await followSelf(exchange, speaker);
      const talks = expectEntity(
        found,
        `/speaker/${speaker.id}`,
        { id: speaker.id },
        TALKS_OF_A_SPEAKER,
        2,
      );
      expectThat(
        talks.some((listed) => listed.id === talk.id),
        {
          expected: `talk ${talk.id} among the talks of speaker ${speaker.id}, who gives it`,
          received: `talks ${talks.map((listed) => listed.id).join(', ') || 'none'}`,
          exchange: found,
          hint: 5,
        },
      );
    }
  });

  it("walks from the root to every speaker's talks and back, by the links of the pages alone", async () => {
    // As a generic HAL client does: no speaker is fetched, each page says where the talks are,
    // and each talk must link back to the speaker.
    const giving = await walkRelation(await allItems(SPEAKERS), 'talks', 'speakers', {
      links: 8,
      back: 2,
    });
    // The talks' pages say the same the other way round: each talk links to the speakers
    // whose items link to it.
    expectLinkedAsWalked(await allItems(TALKS), 'speakers', giving, 8);
  });

  it('gives a talk without speakers and a speaker without talks empty lists, of links and embedded alike', async () => {
    // The seed's closing panel has no speakers yet; every speaker of the seed has talks, so
    // the check adds one without to a catalogue of its own.
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
      const alone = await followTemplate(start, 'talk', { talk_id: talk.id }, rootHints.links, {
        app,
      });
      expectResponse(
        alone,
        {
          status: 200,
          json: {
            id: talk.id,
            _links: { speakers: emptyList },
            _embedded: { speakers: emptyList },
          },
        },
        { hint: 2 },
      );
      const idle = await followTemplate(
        start,
        'speaker',
        { speaker_id: speaker.id },
        rootHints.links,
        { app },
      );
      expectResponse(
        idle,
        {
          status: 200,
          json: { id: speaker.id, _links: { talks: emptyList }, _embedded: { talks: emptyList } },
        },
        { hint: 5 },
      );
      // In the pages too: the lists are there, empty.
      for (const [collection, id, relation] of [
        [SPEAKERS, speaker.id, 'talks'],
        [TALKS, talk.id, 'speakers'],
      ] as const) {
        const listed = (await allItems(collection, app)).find(({ item }) => item.id === id);
        expectThat(listed !== undefined, {
          expected: `${collection.relation.slice(0, -1)} ${id} on a page of ${collection.relation}`,
          hint: collection.hints.shape,
        });
        expectResponse(
          listed.exchange,
          {
            json: {
              _embedded: {
                [collection.relation]: satisfies(
                  (items) =>
                    Array.isArray(items) &&
                    (items as Item[]).some(
                      (item) =>
                        item.id === id &&
                        emptyList.asymmetricMatch((item._links as Item | undefined)?.[relation]),
                    ),
                  `${collection.relation.slice(0, -1)} ${id} with "_links": { "${relation}": [] }`,
                ),
              },
            },
          },
          { hint: 8 },
        );
      }
    } finally {
      database.close();
    }
  });

  it('lists talks and speakers with links to their relations but nothing embedded: collection items stay light', async () => {
    expectLightItems(await firstPage(TALKS), 'talks');
    expectLightItems(await firstPage(SPEAKERS), 'speakers');
  });

  it('answers an unknown talk id, and ids such as /talk/abc, /talk/0x3 or /talk/03, with 404 problems', async () => {
    const ids = (await allItems(TALKS)).map(({ item }) => Number(item.id));
    const start = await root();
    const talk = (id: string | number) =>
      followTemplate(start, 'talk', { talk_id: id }, rootHints.links);
    expectResponse(await talk(Math.max(...ids) + 1), problem(404, 'Entity not found.'), {
      hint: 2,
    });
    // Number() reads all of these as a talk's id: only the route's token refuses them.
    for (const id of ['abc', '0x3', '3.0', '1e0', '0', '03']) {
      expectResponse(await talk(id), problem(404), { hint: 1 });
    }
  });

  it('answers a page of talks past the last with 409, and page=0 with 400', async () => {
    const { pageCount } = await firstPage(TALKS);
    const start = await root();
    const page = (number: number) =>
      followTemplate(start, 'talks', { page: number }, rootHints.links);
    expectResponse(await page(pageCount + 1), problem(409, 'Invalid page provided'), {
      hint: 1,
    });
    expectResponse(await page(0), problem(400), { hint: 1 });
    // A page so far past the last that its offset is no safe integer: refused all the same.
    const huge = Number.MAX_SAFE_INTEGER;
    expectResponse(await page(huge), problem(409, 'Invalid page provided'), { hint: 1 });
    const speakers = await followTemplate(start, 'speakers', { page: huge }, rootHints.links);
    expectResponse(speakers, problem(409, 'Invalid page provided'), { hint: speakerHints.shape });
  });

  it('still refuses every other method on the given talk routes with a 405 problem, Allow: GET,HEAD, and answers HEAD as GET', async () => {
    for (const path of ['/talk', '/talk/3']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        expectResponse(
          await send(method, path),
          {
            status: 405,
            headers: { 'content-type': PROBLEM, allow: allowing(['GET', 'HEAD']) },
            json: { status: 405, title: 'Method Not Allowed' },
          },
          { hint: 1 },
        );
      }
      expectResponse(
        await send('HEAD', path),
        { status: 200, headers: { 'content-type': HAL }, text: '' },
        { hint: 1 },
      );
    }
  });

  it('still answers an empty catalogue with empty pages of talks and speakers, not a problem, once the speakers link to their talks', async () => {
    const createApp = await loadCreateApp();
    const database = createInMemoryCatalogue();
    try {
      database.exec('DELETE FROM talks_speakers; DELETE FROM talks; DELETE FROM speakers;');
      const app = await createApp({ database });
      for (const [path, name, hint] of [
        ['/talk', 'talks', hints.shape],
        ['/speaker', 'speakers', speakerHints.shape],
      ] as const) {
        expectResponse(
          await send('GET', path, { app }),
          { status: 200, json: { count: 0, total: 0, _embedded: { [name]: emptyList } } },
          { hint },
        );
      }
    } finally {
      database.close();
    }
  });

  it('tags a talk and a speaker as step 06 tagged a speaker: a 304 for their ETag, a new tag when what they embed changes', async () => {
    const createApp = await loadCreateApp();
    const database = createInMemoryCatalogue();
    try {
      const app = await createApp({ database });
      const related = (sql: string) => (database.prepare(sql).get() as { id: number }).id;
      const speakerOfTalk = related(
        'SELECT min(speaker_id) AS id FROM talks_speakers WHERE talk_id = 3',
      );
      const talkOfSpeaker = related(
        'SELECT min(talk_id) AS id FROM talks_speakers WHERE speaker_id = 1',
      );
      const rename = (sql: string, id: number) => () => database.prepare(sql).run(id);
      const cases = [
        {
          path: '/talk/3',
          hint: 2,
          embedded: `speaker ${speakerOfTalk}`,
          change: rename(
            "UPDATE speakers SET name = name || ' (renamed)' WHERE id = ?",
            speakerOfTalk,
          ),
        },
        {
          path: '/speaker/1',
          hint: 5,
          embedded: `talk ${talkOfSpeaker}`,
          change: rename(
            "UPDATE talks SET title = title || ' (renamed)' WHERE id = ?",
            talkOfSpeaker,
          ),
        },
      ];
      for (const { path, hint, embedded, change } of cases) {
        const first = await send('GET', path, { app });
        const tag = first.headers.get('etag');
        expectThat(tag !== null && /^"[^"]*"$/.test(tag), {
          expected: `GET ${path} with a strong ETag, "…", as step 06's speaker has`,
          received: `ETag: ${tag ?? 'none'}`,
          exchange: first,
          hint,
        });
        expectResponse(
          await send('GET', path, { app, headers: { 'if-none-match': tag } }),
          { status: 304, headers: { etag: tag }, text: '' },
          { hint },
        );
        // What it embeds changes: the tag of the whole answer changes with it.
        change();
        const changed = await send('GET', path, { app, headers: { 'if-none-match': tag } });
        expectResponse(changed, { status: 200 }, { hint });
        expectThat(changed.headers.get('etag') !== tag, {
          expected: `GET ${path} with a new ETag once ${embedded}, which it embeds, is renamed: the tag of the whole answer`,
          received: `the same ETag: ${tag}`,
          exchange: changed,
          hint,
        });
      }
    } finally {
      database.close();
    }
  });

  it('reads a page of speakers, a speaker and a talk in three statements each: the links of many in one query, not one query each', async () => {
    const createApp = await loadCreateApp();
    const database = createInMemoryCatalogue();
    try {
      const busiest = database
        .prepare(
          'SELECT speaker_id AS id FROM talks_speakers GROUP BY speaker_id ORDER BY count(*) DESC, speaker_id LIMIT 1',
        )
        .get() as { id: number };
      const count = countStatements(database);
      const app = await createApp({ database });
      for (const [path, relation, hint] of [
        ['/speaker', 'talks', speakerHints.links],
        [`/speaker/${busiest.id}`, 'talks', 5],
        ['/talk/3', 'speakers', 2],
      ] as const) {
        // The first request opens the catalogue and prepares its statements.
        await send('GET', path, { app });
        count.reset();
        const exchange = await send('GET', path, { app });
        expectResponse(exchange, { status: 200 }, { hint });
        // The count is of an answer that carries the links: without them it costs less.
        const documents =
          path === '/speaker'
            ? ((exchange.json as { _embedded?: Record<string, Item[]> })._embedded?.speakers ?? [])
            : [exchange.json as Item];
        const unlinked = documents.filter((document) => !linksOf(exchange, document, relation));
        expectThat(documents.length > 0 && unlinked.length === 0, {
          expected: `${path === '/speaker' ? 'each speaker of the page' : path} with its "${relation}" links, whose ids the statements read`,
          received: `${unlinked.length} of ${documents.length} without them`,
          exchange,
          hint,
        });
        expectThat(count.statements <= 4, {
          expected: `three statements or so: the resource or the page (and its total), its relations, and the ids their links need, in one query for all of them`,
          received: describeCount(count),
          exchange,
          hint,
        });
      }
    } finally {
      database.close();
    }
  });
});
