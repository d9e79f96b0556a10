import { createInMemoryCatalogue } from '@hyperpipe/catalogue';
import {
  createTargetApp,
  type Exchange,
  expectResponse,
  expectThat,
  type Handler,
  loadCreateApp,
  type Matcher,
  prerequisite,
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

// The checks every other one starts from, as a client does: the root, then the first page.
const ROOT_CHECK =
  "answers a HAL client's GET / with the API root: templated links to the speakers and to any speaker";
const FIRST_PAGE_CHECK =
  'follows the root\'s "speakers" to the first page of speakers, a HAL collection';

/** The API root (of `app` mounted at `prefix`, if given), checked to link to the speakers. */
const root = prerequisite(ROOT_CHECK, async (app?: Handler, prefix?: string): Promise<Exchange> => {
  const exchange = await getRoot(app, prefix);
  expectRoot(exchange, speakerLinks(exchange), rootHints);
  return exchange;
});

/** The first page of speakers, where a client finds it: the root's `speakers`, no page given. */
const firstPage = prerequisite(FIRST_PAGE_CHECK, async (): Promise<CollectionPage> => {
  const exchange = await followTemplate(await root(), 'speakers', {}, rootHints.links);
  expectResponse(exchange, { status: 200 }, { hint: ROUTES });
  const page = expectCollectionPage(
    exchange,
    { path: '/speaker', name: 'speakers', page: 1 },
    hints,
  );
  // The catalogue's ids start at 1: page 1 starts at the first speaker, offset 0.
  expectThat(
    page.items.some((speaker) => speaker.id === 1),
    {
      expected: 'speaker 1 on the first page: page 1 holds the first 25 speakers',
      received: `the ids ${page.items.map((speaker) => speaker.id).join(', ')}`,
      exchange,
      hint: hints.shape,
    },
  );
  return page;
});

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
  it(ROOT_CHECK, async () => {
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

  it("answers a JSON client's GET / with the root as application/json, and a client it cannot serve with a 406 problem", async () => {
    await root();
    // HAL is JSON with links: a JSON client reads the root as it is, in the type it asked for.
    const asJson = await send('GET', '/', { headers: { accept: 'application/json' } });
    expectResponse(
      asJson,
      {
        status: 200,
        headers: { 'content-type': /^application\/json/ },
        json: { _links: { self: linkTo(asJson, '/'), ...speakerLinks(asJson) } },
      },
      { hint: rootHints.links },
    );
    // Neither text nor JSON: a greeting would be a dead end, a 406 says what went wrong.
    for (const accept of ['image/png', 'application/vnd.conference.v1+json']) {
      expectResponse(
        await send('GET', '/', { headers: { accept } }),
        { status: 406, headers: { 'content-type': PROBLEM }, json: { status: 406 } },
        { hint: rootHints.route },
      );
    }
  });

  it(FIRST_PAGE_CHECK, async () => {
    await firstPage();
  });

  it('reads the catalogue createApp is given, never a database file of its own', async () => {
    const createApp = await loadCreateApp();
    const database = createInMemoryCatalogue();
    try {
      // Names that no catalogue file holds, on every speaker: only the catalogue handed in can
      // answer them, whichever speakers the page lists.
      const marker = `Given To createApp ${process.pid}`;
      database.prepare("UPDATE speakers SET name = ? || ' ' || id").run(marker);
      const app = await createApp({ database });
      const list = await send('GET', '/speaker', { app });
      expectResponse(list, { status: 200 }, { hint: ROUTES });
      const speakers =
        (list.json as { _embedded?: { speakers?: { id?: unknown; name?: unknown }[] } } | null)
          ?._embedded?.speakers ?? [];
      const [first] = speakers;
      expectThat(first !== undefined && first.name === `${marker} ${first.id}`, {
        expected: [
          `the speakers named "${marker} <id>", as in the catalogue passed to createApp({ database })`,
          'the handlers reach the catalogue through the Catalogue service, which opens the Database service',
        ],
        received:
          first === undefined
            ? 'no speakers under "_embedded.speakers"'
            : `speaker ${first.id} named ${JSON.stringify(first.name)}: another copy of the catalogue, such as the file data/conference.sqlite`,
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
    const start = await root(mounted, MOUNTED_AT);
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
      // Each speaker listed, with every field as the catalogue holds it: a url or twitter the
      // catalogue leaves empty is null, as in the speaker of step 06.
      const list = await send('GET', '/speaker', { app });
      expectResponse(list, { status: 200 }, { hint: ROUTES });
      const listed =
        (list.json as { _embedded?: { speakers?: Record<string, unknown>[] } } | null)?._embedded
          ?.speakers ?? [];
      const row = database.prepare('SELECT id, name, url, twitter FROM speakers WHERE id = ?');
      for (const speaker of listed) {
        const held = row.get(speaker.id) as Record<string, unknown> | undefined;
        const same = held !== undefined && Object.keys(held).every((f) => speaker[f] === held[f]);
        expectThat(same, {
          expected: `speaker ${speaker.id} listed with its fields: ${JSON.stringify(held)}`,
          received: JSON.stringify(speaker),
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
