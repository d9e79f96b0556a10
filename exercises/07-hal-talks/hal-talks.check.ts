import { createInMemoryCatalogue } from '@hyperpipe/catalogue';
import {
  type Exchange,
  expectResponse,
  expectThat,
  loadCreateApp,
  satisfies,
  send,
} from '@hyperpipe/cli/harness';
import { describe, it } from 'vitest';
import {
  type CollectionPage,
  expectCollectionPage,
  follow,
  HAL,
  hrefOf,
  itemsLinkingTo,
  linkTo,
  PROBLEM,
  resolve,
  target,
} from '../06-hal-speakers/hal.ts';

// The talk collection's handler is given: when its answers are wrong, the wiring is.
const hints = { shape: 1, links: 1 };

type Item = Record<string, unknown>;

/** The first page of talks, after checking that /talk answers at all. */
async function firstPage(): Promise<CollectionPage> {
  const exchange = await send('GET', '/talk');
  expectResponse(exchange, { status: 200 }, { hint: 1 });
  return expectCollectionPage(exchange, { path: '/talk', name: 'talks', page: 1 }, hints);
}

/** Every talk, gathered by following `next` from the first page. */
async function allTalks(): Promise<Item[]> {
  let page = await firstPage();
  const talks = [...page.items];
  while (page.page < page.pageCount) {
    const next = await follow(page.exchange, 'next', hints.links);
    page = expectCollectionPage(next, { path: '/talk', name: 'talks', page: page.page + 1 }, hints);
    talks.push(...page.items);
  }
  return talks;
}

/** GETs what an item's self link leads to, as found in the answer that listed it. */
function followSelf(listing: Exchange, item: Item): Promise<Exchange> {
  return send('GET', target(resolve(listing, hrefOf(item, 'self')) as URL));
}

/**
 * Expects a HAL entity of `path` with the given fields, embedding under `name` a list of
 * items that each link to their own entity under `embeddedPath`.
 */
function expectEntity(
  exchange: Exchange,
  path: string,
  fields: Item,
  embedded: { name: string; path: string; hint: number },
  hint: number,
): Item[] {
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
    { json: { _embedded: { [embedded.name]: itemsLinkingTo(exchange, embedded.path) } } },
    { hint: embedded.hint },
  );
  return (exchange.json as { _embedded: Record<string, Item[]> })._embedded[embedded.name] ?? [];
}

/** A talk of the first page that has speakers, as its entity answer. */
async function talkWithSpeakers(): Promise<{ exchange: Exchange; talk: Item; speakers: Item[] }> {
  const { exchange: listing, items } = await firstPage();
  let found: { exchange: Exchange; talk: Item; speakers: Item[] } | undefined;
  for (const talk of items) {
    const exchange = await followSelf(listing, talk);
    const speakers = expectEntity(
      exchange,
      `/talk/${talk.id}`,
      { id: talk.id },
      { name: 'speakers', path: '/speaker', hint: 3 },
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
    hint: 3,
  });
  return found;
}

const emptyList = satisfies(
  (value) => Array.isArray(value) && value.length === 0,
  'an empty list [], embedded all the same',
);

/** Expects none of a collection page's items to embed anything: relations come with the entity. */
async function expectLightItems(path: string, name: string): Promise<void> {
  const exchange = await send('GET', path);
  expectResponse(exchange, { status: 200 }, { hint: path === '/talk' ? 1 : 4 });
  const items =
    (exchange.json as { _embedded?: Record<string, Item[]> } | null)?._embedded?.[name] ?? [];
  const heavy = items.filter((item) => Object.hasOwn(item, '_embedded'));
  expectThat(heavy.length === 0, {
    expected: `the items of "_embedded.${name}" with their own fields and self link only, no "_embedded"`,
    received: `${heavy.length} of ${items.length} items embed ${Object.keys(heavy[0]?._embedded ?? {}).join(', ')}`,
    exchange,
    hint: 5,
  });
}

function problem(status: number, detail?: string) {
  return {
    status,
    headers: { 'content-type': PROBLEM },
    json: detail === undefined ? { status } : { status, detail },
  };
}

describe('step 07: HAL talks and embedded relations', () => {
  it('answers GET /talk with the first page of talks as a HAL collection', async () => {
    await firstPage();
  });

  it('follows the talks\' "next" and "last" links', async () => {
    const first = await firstPage();
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

  it("answers a talk's self link with that talk, its speakers embedded", async () => {
    const { exchange: listing, items } = await firstPage();
    const talk = items[0] as Item;
    const exchange = await followSelf(listing, talk);
    expectEntity(
      exchange,
      `/talk/${talk.id}`,
      { id: talk.id, title: talk.title },
      { name: 'speakers', path: '/speaker', hint: 3 },
      2,
    );
    // The self link of the talk leads back to it.
    expectResponse(
      await follow(exchange, 'self', 2),
      { status: 200, json: { id: talk.id } },
      { hint: 2 },
    );
  });

  it("answers a speaker's self link with that speaker, their talks embedded", async () => {
    const listing = await send('GET', '/speaker');
    expectResponse(listing, { status: 200 }, { hint: 4 });
    const speakers = (listing.json as { _embedded?: { speakers?: Item[] } })._embedded?.speakers;
    for (const speaker of speakers ?? []) {
      const exchange = await followSelf(listing, speaker);
      const talks = expectEntity(
        exchange,
        `/speaker/${speaker.id}`,
        { id: speaker.id, name: speaker.name },
        { name: 'talks', path: '/talk', hint: 4 },
        4,
      );
      if (talks.length === 0) continue;
      // Each embedded talk's self link leads to that talk.
      for (const talk of talks) {
        expectResponse(
          await followSelf(exchange, talk),
          { status: 200, headers: { 'content-type': HAL }, json: { id: talk.id } },
          { hint: 4 },
        );
      }
      return;
    }
    expectThat(false, {
      expected: 'a speaker of the first page with their talks under "_embedded.talks"',
      received: 'no speaker of the first page embeds any talk',
      exchange: listing,
      hint: 4,
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
        { name: 'talks', path: '/talk', hint: 4 },
        3,
      );
      expectThat(
        talks.some((listed) => listed.id === talk.id),
        {
          expected: `talk ${talk.id} among the talks of speaker ${speaker.id}, who gives it`,
          received: `talks ${talks.map((listed) => listed.id).join(', ') || 'none'}`,
          exchange: found,
          hint: 4,
        },
      );
    }
  });

  it('embeds an empty list for a talk without speakers and a speaker without talks', async () => {
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
      const alone = await send('GET', `/talk/${talk.id}`, { app });
      expectResponse(
        alone,
        { status: 200, json: { id: talk.id, _embedded: { speakers: emptyList } } },
        { hint: 3 },
      );
      const idle = await send('GET', `/speaker/${speaker.id}`, { app });
      expectResponse(
        idle,
        { status: 200, json: { id: speaker.id, _embedded: { talks: emptyList } } },
        { hint: 4 },
      );
    } finally {
      database.close();
    }
  });

  it('lists talks and speakers without their relations: collection items embed nothing', async () => {
    await expectLightItems('/talk', 'talks');
    await expectLightItems('/speaker', 'speakers');
  });

  it('answers an unknown talk id, and ids such as /talk/abc or /talk/0x3, with 404 problems', async () => {
    const ids = (await allTalks()).map((talk) => Number(talk.id));
    const exchange = await send('GET', `/talk/${Math.max(...ids) + 1}`);
    expectResponse(exchange, problem(404, 'Entity not found.'), { hint: 2 });
    // Number() reads all of these as a talk's id: only the route's token refuses them.
    for (const id of ['abc', '0x3', '3.0', '1e0', '0']) {
      expectResponse(await send('GET', `/talk/${id}`), problem(404), { hint: 1 });
    }
  });

  it('answers a page of talks past the last with 409, and page=0 with 400', async () => {
    const { pageCount } = await firstPage();
    expectResponse(
      await send('GET', `/talk?page=${pageCount + 1}`),
      problem(409, 'Invalid page provided'),
      { hint: 1 },
    );
    expectResponse(await send('GET', '/talk?page=0'), problem(400), { hint: 1 });
  });
});
