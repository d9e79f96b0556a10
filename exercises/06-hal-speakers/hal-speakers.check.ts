import { createInMemoryCatalogue } from '@hyperpipe/catalogue';
import {
  createTargetApp,
  type Exchange,
  expectResponse,
  expectThat,
  loadCreateApp,
  type Matcher,
  send,
} from '@hyperpipe/cli/harness';
import { createApplication } from 'hyperpipe';
import { describe, it } from 'vitest';
import {
  type CollectionPage,
  expectCollectionPage,
  expectRoot,
  follow,
  followTemplate,
  getRoot,
  HAL,
  hrefOf,
  linkTo,
  MOUNTED_AT,
  PROBLEM,
  resolve,
  target,
  templateTo,
} from './hal.ts';

const hints = { shape: 2, links: 3 };
/** The root's hints: its route (one URL, two answers), and its links. */
const rootHints = { route: 7, links: 6 };

/** The links a client needs from the root to find any speaker. */
function speakerLinks(exchange: Exchange): Record<string, Matcher> {
  return {
    speakers: templateTo(exchange, '/speaker{?page}', [
      { values: {}, path: '/speaker', page: 'absent' },
      { values: { page: 2 }, path: '/speaker', page: 2 },
    ]),
    speaker: templateTo(exchange, '/speaker/{speaker_id}', [
      { values: { speaker_id: 7 }, path: '/speaker/7' },
    ]),
  };
}

/** The API root, after checking that it links to the speakers. */
async function root(): Promise<Exchange> {
  const exchange = await getRoot();
  expectRoot(exchange, speakerLinks(exchange), rootHints);
  return exchange;
}

/** The first page of speakers, where a client finds it: the root's `speakers`, no page given. */
async function firstPage(): Promise<CollectionPage> {
  const exchange = await followTemplate(await root(), 'speakers', {}, rootHints.links);
  expectResponse(exchange, { status: 200 }, { hint: 1 });
  return expectCollectionPage(exchange, { path: '/speaker', name: 'speakers', page: 1 }, hints);
}

/** Every speaker, gathered by following `next` from the first page. */
async function allSpeakers(): Promise<Record<string, unknown>[]> {
  let page = await firstPage();
  const speakers = [...page.items];
  while (page.page < page.pageCount) {
    const next = await follow(page.exchange, 'next', hints.links);
    page = expectCollectionPage(
      next,
      { path: '/speaker', name: 'speakers', page: page.page + 1 },
      hints,
    );
    speakers.push(...page.items);
  }
  return speakers;
}

function problem(status: number, detail?: string) {
  return {
    status,
    headers: { 'content-type': PROBLEM },
    json: detail === undefined ? { status } : { status, detail },
  };
}

describe('step 06: HAL speakers', () => {
  it("answers a HAL client's GET / with the API root: templated links to the speakers and to any speaker", async () => {
    await root();
  });

  it('still greets every other client on GET / with the text of step 01', async () => {
    // A client that does not ask for HAL: fetch's */*, a browser's Accept, a text client.
    for (const accept of ['*/*', 'text/html,application/xhtml+xml,*/*;q=0.8', 'text/plain']) {
      expectResponse(
        await send('GET', '/', { headers: { accept } }),
        { status: 200, headers: { 'content-type': /^text\/plain/ }, text: /hello/i },
        { hint: rootHints.route },
      );
    }
  });

  it('follows the root\'s "speakers" to the first page of speakers, a HAL collection', async () => {
    await firstPage();
  });

  it('reads the catalogue createApp is given, never a database file of its own', async () => {
    const createApp = await loadCreateApp();
    const database = createInMemoryCatalogue();
    try {
      // A name that no catalogue file holds: only the catalogue handed in can answer it.
      const name = `Given To createApp ${process.pid}`;
      database.prepare('UPDATE speakers SET name = ? WHERE id = 1').run(name);
      const app = await createApp({ database });
      const list = await send('GET', '/speaker', { app });
      expectResponse(list, { status: 200 }, { hint: 1 });
      const speakers =
        (list.json as { _embedded?: { speakers?: { id?: unknown; name?: unknown }[] } } | null)
          ?._embedded?.speakers ?? [];
      const first = speakers.find((speaker) => speaker.id === 1);
      expectThat(first !== undefined, {
        expected: 'speaker 1 on the first page: page 1 holds the first 25 speakers',
        received: `the ids ${speakers.map((speaker) => speaker.id).join(', ')}`,
        exchange: list,
        hint: 2,
      });
      expectThat(first?.name === name, {
        expected: [
          `the first speaker named "${name}", as in the catalogue passed to createApp({ database })`,
          'the handlers reach the catalogue through the Catalogue service, which opens the Database service',
        ],
        received: `the first speaker named ${JSON.stringify(first?.name)}: another copy of the catalogue, such as the file data/conference.sqlite`,
        exchange: list,
        hint: 1,
      });
      const one = await send('GET', '/speaker/1', { app });
      expectResponse(one, { status: 200, json: { id: 1, name } }, { hint: 1 });
    } finally {
      database.close();
    }
  });

  it('builds its links from the request, so they keep the host and prefix the client used', async () => {
    // The application mounted under a prefix, as step 04 mounted the blog under /blog.
    const mounted = createApplication().pipe(MOUNTED_AT, await createTargetApp());
    const start = await getRoot(mounted, MOUNTED_AT);
    expectRoot(start, speakerLinks(start), rootHints);
    const exchange = await followTemplate(start, 'speakers', { page: 2 }, rootHints.links, {
      app: mounted,
    });
    expectResponse(exchange, { status: 200 }, { hint: 3 });
    const { items } = expectCollectionPage(
      exchange,
      { path: '/speaker', name: 'speakers', page: 2 },
      { shape: 3, links: 3 },
    );
    // The entity too: its self link keeps the prefix it was asked under.
    const id = (items[0] as Record<string, unknown>).id as number;
    const entity = await followTemplate(start, 'speaker', { speaker_id: id }, rootHints.links, {
      app: mounted,
    });
    expectResponse(
      entity,
      { status: 200, json: { _links: { self: linkTo(entity, `/speaker/${id}`) } } },
      { hint: 3 },
    );
  });

  it('follows "next" to the second page and "last" to the last page', async () => {
    const first = await firstPage();
    const second = expectCollectionPage(
      await follow(first.exchange, 'next', hints.links),
      { path: '/speaker', name: 'speakers', page: 2 },
      hints,
    );
    const seen = new Set(first.items.map((speaker) => speaker.id));
    expectThat(
      second.items.every((speaker) => !seen.has(speaker.id)),
      {
        expected: 'the second page holds the next speakers, none of the first page',
        received: 'speakers of the first page again',
        exchange: second.exchange,
        hint: 2,
      },
    );
    expectCollectionPage(
      await follow(first.exchange, 'last', hints.links),
      { path: '/speaker', name: 'speakers', page: first.pageCount },
      hints,
    );
  });

  it('meets every speaker exactly once along the "next" links', async () => {
    const speakers = await allSpeakers();
    const first = await firstPage();
    const ids = new Set(speakers.map((speaker) => speaker.id));
    expectThat(speakers.length === first.total && ids.size === first.total, {
      expected: `${first.total} different speakers over all pages, as "total" says`,
      received: `${speakers.length} speakers, ${ids.size} of them different`,
      hint: 2,
    });
  });

  it('answers a speaker\'s self link, and the root\'s "speaker" filled in with their id, with that speaker', async () => {
    const { exchange: collection, items } = await firstPage();
    const listed = items[0] as Record<string, unknown>;
    const path = `/speaker/${listed.id}`;
    const url = resolve(collection, hrefOf(listed, 'self')) as URL;
    const exchange = await send('GET', target(url));
    const entity = (found: Exchange) => ({
      status: 200,
      headers: { 'content-type': HAL },
      json: { id: listed.id, name: listed.name, _links: { self: linkTo(found, path) } },
    });
    expectResponse(exchange, entity(exchange), { hint: 4 });
    // The self link of the entity leads back to it.
    const again = await follow(exchange, 'self', 4);
    expectResponse(again, entity(again), { hint: 4 });
    // And a client that knows the id finds the same speaker through the root's template.
    const found = await followTemplate(
      await root(),
      'speaker',
      { speaker_id: listed.id as number },
      rootHints.links,
    );
    expectResponse(found, entity(found), { hint: 4 });
  });

  it('answers DELETE on the speakers with a 405 problem naming GET, and an unknown path with a 404 problem', async () => {
    // The route's allowed_methods make the 405 and its Allow; the given pipeline, the problem.
    const deleted = await followTemplate(await root(), 'speakers', {}, rootHints.links, {
      method: 'DELETE',
    });
    expectResponse(
      deleted,
      { ...problem(405), headers: { 'content-type': PROBLEM, allow: /\bGET\b/ } },
      { hint: 1 },
    );
    expectResponse(await send('GET', '/nowhere'), problem(404), { hint: 5 });
  });

  it('answers an unknown speaker id with a 404 "Entity not found." problem', async () => {
    const ids = (await allSpeakers()).map((speaker) => Number(speaker.id));
    const exchange = await followTemplate(
      await root(),
      'speaker',
      { speaker_id: Math.max(...ids) + 1 },
      rootHints.links,
    );
    expectResponse(exchange, problem(404, 'Entity not found.'), { hint: 4 });
  });

  it('answers ids that are no positive integer, such as /speaker/abc or /speaker/0x7, with a 404 problem', async () => {
    // The route answers a positive integer; Number() would read all the others as one too:
    // only the route's token refuses them.
    const start = await root();
    const speaker = (id: string | number) =>
      followTemplate(start, 'speaker', { speaker_id: id }, rootHints.links);
    expectResponse(await speaker(7), { status: 200 }, { hint: 1 });
    for (const id of ['abc', '0x7', '7.0', '1e0', '0']) {
      expectResponse(await speaker(id), problem(404), { hint: 5 });
    }
  });

  it('answers a page past the last with a 409 "Invalid page provided" problem', async () => {
    const { pageCount } = await firstPage();
    const exchange = await followTemplate(
      await root(),
      'speakers',
      { page: pageCount + 1 },
      rootHints.links,
    );
    expectResponse(exchange, problem(409, 'Invalid page provided'), { hint: 2 });
  });

  it('answers a page that is not a positive integer with a 400 problem', async () => {
    const start = await root();
    for (const page of ['0', 'abc', '-1']) {
      expectResponse(
        await followTemplate(start, 'speakers', { page }, rootHints.links),
        problem(400),
        { hint: 2 },
      );
    }
  });
});
