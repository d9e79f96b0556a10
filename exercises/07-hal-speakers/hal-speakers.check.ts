import { createInMemoryCatalogue } from '@hyperpipe/catalogue';
import {
  createTargetApp,
  type Exchange,
  expectResponse,
  expectThat,
  loadCreateApp,
  type Matcher,
  send,
  setHandlerHints,
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
  PAGE_SIZE,
  PROBLEM,
  relativeLinks,
  resolve,
  target,
  templateTo,
} from './hal.ts';

/** The hints of the page of speakers, and of the links built from the request. */
const hints = { shape: 8, links: 11 };
/** The root's hints: its route (one URL, two answers), and its links. */
const rootHints = { route: 4, links: 1 };
/** The hint of the route to the speakers. */
const ROUTES = 6;

// A crash names the hint of the file that threw, whatever the check was about. The entity's
// handler is step 06's, given: its own checks are there.
setHandlerHints({
  'src/root/ApiRoot.ts': rootHints.links,
  'src/speaker/SpeakerCollectionHandler.ts': hints.shape,
});

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
  expectResponse(exchange, { status: 200 }, { hint: ROUTES });
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

/** The title of each status a problem of this step has: its reason phrase. */
const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  409: 'Conflict',
};

function problem(status: number, detail?: string) {
  const title = TITLES[status];
  return {
    status,
    headers: { 'content-type': PROBLEM },
    json: detail === undefined ? { status, title } : { status, title, detail },
  };
}

/** Builds the target's application over `database`, a catalogue of the check's own. */
async function appOver(database: ReturnType<typeof createInMemoryCatalogue>) {
  const createApp = await loadCreateApp();
  return createApp({ database });
}

/** Expects no link of a HAL document to be a path alone, or anything but an absolute URL. */
function expectAbsoluteLinks(exchange: Exchange, hint: number): void {
  const relative = relativeLinks(exchange.json);
  expectThat(relative.length === 0, {
    expected: 'every "href" an absolute URL, such as http://conference.test/speaker/7',
    received: `hrefs that are not: ${relative.join(', ')}`,
    exchange,
    hint,
  });
}

describe('step 07: HAL speakers', () => {
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
      expectResponse(list, { status: 200 }, { hint: ROUTES });
      const speakers =
        (list.json as { _embedded?: { speakers?: { id?: unknown; name?: unknown }[] } } | null)
          ?._embedded?.speakers ?? [];
      const first = speakers.find((speaker) => speaker.id === 1);
      expectThat(first !== undefined, {
        expected: 'speaker 1 on the first page: page 1 holds the first 25 speakers',
        received: `the ids ${speakers.map((speaker) => speaker.id).join(', ')}`,
        exchange: list,
        hint: hints.shape,
      });
      expectThat(first?.name === name, {
        expected: [
          `the first speaker named "${name}", as in the catalogue passed to createApp({ database })`,
          'the handlers reach the catalogue through the Catalogue service, which opens the Database service',
        ],
        received: `the first speaker named ${JSON.stringify(first?.name)}: another copy of the catalogue, such as the file data/conference.sqlite`,
        exchange: list,
        hint: hints.shape,
      });
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
    expectResponse(exchange, { status: 200 }, { hint: hints.links });
    expectCollectionPage(
      exchange,
      { path: '/speaker', name: 'speakers', page: 2 },
      { shape: hints.links, links: hints.links },
    );
  });

  it("writes every link as an absolute URL: the root's and a page's", async () => {
    const start = await root();
    expectAbsoluteLinks(start, rootHints.links);
    const page = await followTemplate(start, 'speakers', { page: 2 }, rootHints.links);
    expectResponse(page, { status: 200 }, { hint: ROUTES });
    expectAbsoluteLinks(page, hints.links);
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
        hint: hints.shape,
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
      hint: hints.shape,
    });
  });

  it('still answers a listed speaker\'s self link, and the root\'s "speaker" filled in, with the speaker of step 06, its ETag and a 304 to it', async () => {
    const { exchange: collection, items } = await firstPage();
    const listed = items[0] as Record<string, unknown>;
    const path = `/speaker/${listed.id}`;
    const url = resolve(collection, hrefOf(listed, 'self')) as URL;
    const entity = (found: Exchange) => ({
      status: 200,
      headers: { 'content-type': HAL, etag: /^"/ },
      json: { id: listed.id, name: listed.name, _links: { self: linkTo(found, path) } },
    });
    const exchange = await send('GET', target(url));
    expectResponse(exchange, entity(exchange), { hint: hints.links });
    // A client that knows the id finds the same speaker through the root's template.
    const found = await followTemplate(
      await root(),
      'speaker',
      { speaker_id: listed.id as number },
      rootHints.links,
    );
    expectResponse(found, entity(found), { hint: rootHints.links });
    const tag = exchange.headers.get('etag') as string;
    const again = await send('GET', target(url), { headers: { 'if-none-match': tag } });
    expectResponse(again, { status: 304, headers: { etag: tag } });
  });

  it('lists every field of a speaker: id, name, url and twitter', async () => {
    const database = createInMemoryCatalogue();
    try {
      const app = await appOver(database);
      // A speaker with every field set, and one without a url: both as the catalogue holds them.
      for (const where of ['url IS NOT NULL AND twitter IS NOT NULL', 'url IS NULL']) {
        const row = database
          .prepare(`SELECT id, name, url, twitter FROM speakers WHERE ${where} ORDER BY id LIMIT 1`)
          .get() as Record<string, unknown> & { id: number };
        const page = Math.ceil(row.id / PAGE_SIZE);
        const list = await send('GET', `/speaker?page=${page}`, { app });
        expectResponse(list, { status: 200 }, { hint: ROUTES });
        const listed = (
          list.json as { _embedded?: { speakers?: Record<string, unknown>[] } } | null
        )?._embedded?.speakers?.find((speaker) => speaker.id === row.id);
        const same = Object.keys(row).every((field) => listed?.[field] === row[field]);
        expectThat(same, {
          expected: `speaker ${row.id} listed on page ${page} with its fields: ${JSON.stringify(row)}`,
          received: JSON.stringify(listed) ?? 'not listed',
          exchange: list,
          hint: hints.links,
        });
      }
    } finally {
      database.close();
    }
  });

  it('answers DELETE on the speakers with a 405 problem and Allow: GET,HEAD', async () => {
    // The route's allowed_methods make the 405 and its Allow; the given pipeline, the problem.
    const deleted = await followTemplate(await root(), 'speakers', {}, rootHints.links, {
      method: 'DELETE',
    });
    expectResponse(
      deleted,
      { ...problem(405), headers: { 'content-type': PROBLEM, allow: 'GET,HEAD' } },
      { hint: ROUTES },
    );
  });

  it('refuses every method but GET on the routes it adds: POST /speaker, POST /', async () => {
    const start = await root();
    const refused = { ...problem(405), headers: { 'content-type': PROBLEM, allow: 'GET,HEAD' } };
    const collection = await followTemplate(start, 'speakers', {}, rootHints.links, {
      method: 'POST',
    });
    expectResponse(collection, refused, { hint: ROUTES });
    expectResponse(
      await send('POST', '/', { headers: { accept: 'application/hal+json' } }),
      refused,
      { hint: rootHints.route },
    );
  });

  it('answers a page past the last, however far, with a 409 "Invalid page provided" problem', async () => {
    const { pageCount } = await firstPage();
    const start = await root();
    // The largest page that is a safe integer: an offset read from it unbounded is no row
    // number SQLite can be asked for, and must not end in a 500.
    for (const page of [pageCount + 1, Number.MAX_SAFE_INTEGER]) {
      const exchange = await followTemplate(start, 'speakers', { page }, rootHints.links);
      expectResponse(exchange, problem(409, 'Invalid page provided'), { hint: hints.shape });
    }
  });

  it('answers a page that is not a positive integer with a 400 problem', async () => {
    const start = await root();
    for (const page of ['0', 'abc', '-1', '9007199254740992', '99999999999999999999']) {
      expectResponse(
        await followTemplate(start, 'speakers', { page }, rootHints.links),
        problem(400),
        { hint: hints.shape },
      );
    }
  });

  it('answers an empty catalogue with an empty page of speakers, not a 409', async () => {
    const database = createInMemoryCatalogue();
    try {
      database.exec('DELETE FROM talks_speakers; DELETE FROM talks; DELETE FROM speakers;');
      const app = await appOver(database);
      const exchange = await send('GET', '/speaker', { app });
      expectResponse(
        exchange,
        {
          status: 200,
          headers: { 'content-type': HAL },
          json: { total: 0, count: 0, _embedded: { speakers: [] } },
        },
        { hint: hints.shape },
      );
    } finally {
      database.close();
    }
  });
});
