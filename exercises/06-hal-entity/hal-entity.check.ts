import { createInMemoryCatalogue } from '@hyperpipe/catalogue';
import {
  createTargetApp,
  type Exchange,
  expectResponse,
  expectThat,
  loadCreateApp,
  type Matcher,
  type SendOptions,
  satisfies,
  send,
  setHandlerHints,
} from '@hyperpipe/cli/harness';
import { createApplication } from 'hyperpipe';
import { describe, expect, it } from 'vitest';
import {
  follow,
  HAL,
  hrefOf,
  linkTo,
  MOUNTED_AT,
  PROBLEM,
  relativeLinks,
  selfOf,
} from '../07-hal-speakers/hal.ts';

/** The hint of the route to one speaker, GET only. */
const ROUTES = 1;
/** The hint of one speaker, or the 404 problem. */
const ENTITY = 3;
/** The hint of the self link built from the request. */
const LINKS = 6;
/** The hint of the ETag, the tag of the bytes sent. */
const ETAG = 8;
/** The hint of If-None-Match and the 304. */
const NOT_MODIFIED = 11;
/** The hint of the token on speaker_id, and of what no route matches. */
const TOKEN = 14;

// A crash names the hint of the file that threw, whatever the check was about.
setHandlerHints({
  'src/speaker/SpeakerEntityHandler.ts': ENTITY,
  'src/speaker/holdsCurrent.ts': NOT_MODIFIED,
});

/** A catalogue of the check's own, and the target's application built over it. */
interface Over {
  database: ReturnType<typeof createInMemoryCatalogue>;
  app: Awaited<ReturnType<Awaited<ReturnType<typeof loadCreateApp>>>>;
}

/** Runs `check` with the target's application built over a fresh catalogue, closed after. */
async function withCatalogue(check: (over: Over) => Promise<void>): Promise<void> {
  const createApp = await loadCreateApp();
  const database = createInMemoryCatalogue();
  try {
    await check({ database, app: await createApp({ database }) });
  } finally {
    database.close();
  }
}

/** The title of each status a problem of this step has: its reason phrase. */
const TITLES: Readonly<Record<number, string>> = { 404: 'Not Found', 405: 'Method Not Allowed' };

function problem(status: number, detail?: string) {
  const title = TITLES[status];
  return {
    status,
    headers: { 'content-type': PROBLEM },
    json: detail === undefined ? { status, title } : { status, title, detail },
  };
}

/** GET (or `method`) /speaker/7, expecting the route to lead to a speaker: a 200. */
async function speaker7(method = 'GET', options: SendOptions = {}): Promise<Exchange> {
  const exchange = await send(method, '/speaker/7', options);
  expectResponse(exchange, { status: 200 }, { hint: ROUTES });
  return exchange;
}

/** A strong entity tag as RFC 9110 writes one: quoted, without the `W/` of a weak one. */
const STRONG_TAG = /^"[^"\s]*"$/;

/** GET /speaker/7 with its ETag, checked to be a strong tag. */
async function taggedSpeaker7(
  options: SendOptions = {},
): Promise<{ exchange: Exchange; tag: string }> {
  const exchange = await speaker7('GET', options);
  const tag = exchange.headers.get('etag');
  expectThat(tag !== null && STRONG_TAG.test(tag), {
    expected: 'an ETag header: a strong entity tag, quoted, such as "rOSp0bn4pvBHc2hbVdq1dHRZIRM"',
    received: tag === null ? 'no ETag header' : `ETag: ${tag}`,
    exchange,
    hint: ETAG,
  });
  return { exchange, tag };
}

/** Expects a 304 Not Modified: no body, and the ETag the 200 would have carried. */
function expectNotModified(exchange: Exchange, tag: string): void {
  expectResponse(
    exchange,
    { status: 304, headers: { etag: sameTag(tag) }, text: '' },
    { hint: NOT_MODIFIED },
  );
}

/** A matcher of the ETag `tag`, shown as the header is written. */
function sameTag(tag: string): Matcher {
  return satisfies((value) => value === tag, `${tag}, the tag of the 200`);
}

describe('step 06: HAL, one speaker, its ETag and 304', () => {
  it('answers GET /speaker/7 with that speaker as HAL, its self link leading back to it', async () => {
    const exchange = await speaker7();
    const entity = (found: Exchange) => ({
      status: 200,
      headers: { 'content-type': HAL },
      json: { id: 7, name: expect.any(String), _links: { self: linkTo(found, '/speaker/7') } },
    });
    expectResponse(exchange, entity(exchange), { hint: ENTITY });
    // The self link of the entity leads back to it.
    const again = await follow(exchange, 'self', ENTITY);
    expectResponse(again, entity(again), { hint: ENTITY });
  });

  it('answers every field of a speaker as the catalogue holds it: id, name, url and twitter', async () => {
    await withCatalogue(async ({ database, app }) => {
      // A speaker with every field set, and one without a url: both as the catalogue holds them.
      for (const where of ['url IS NOT NULL AND twitter IS NOT NULL', 'url IS NULL']) {
        const row = database
          .prepare(`SELECT id, name, url, twitter FROM speakers WHERE ${where} ORDER BY id LIMIT 1`)
          .get() as Record<string, unknown> & { id: number };
        const one = await send('GET', `/speaker/${row.id}`, { app });
        expectResponse(one, { status: 200 }, { hint: ROUTES });
        expectResponse(one, { headers: { 'content-type': HAL }, json: row }, { hint: ENTITY });
      }
    });
  });

  it('reads the catalogue createApp is given, never a database file of its own', async () => {
    await withCatalogue(async ({ database, app }) => {
      // A name that no catalogue file holds: only the catalogue handed in can answer it.
      const name = `Given To createApp ${process.pid}`;
      database.prepare('UPDATE speakers SET name = ? WHERE id = 1').run(name);
      const one = await send('GET', '/speaker/1', { app });
      expectResponse(one, { status: 200 }, { hint: ROUTES });
      expectThat((one.json as { name?: unknown } | undefined)?.name === name, {
        expected: [
          `speaker 1 named "${name}", as in the catalogue passed to createApp({ database })`,
          'the handler reaches the catalogue through the Catalogue service, which opens the Database service',
        ],
        received: `speaker 1 named ${JSON.stringify((one.json as { name?: unknown } | undefined)?.name)}: another copy of the catalogue, such as the file data/conference.sqlite`,
        exchange: one,
        hint: ENTITY,
      });
    });
  });

  it('answers an unknown speaker id with a 404 "Entity not found." problem', async () => {
    await withCatalogue(async ({ database, app }) => {
      const { last } = database.prepare('SELECT max(id) AS last FROM speakers').get() as {
        last: number;
      };
      const exchange = await send('GET', `/speaker/${last + 1}`, { app });
      expectResponse(exchange, problem(404, 'Entity not found.'), { hint: ENTITY });
      // An empty catalogue has no speaker 1 either.
      database.exec('DELETE FROM talks_speakers; DELETE FROM talks; DELETE FROM speakers;');
      const none = await send('GET', '/speaker/1', { app });
      expectResponse(none, problem(404, 'Entity not found.'), { hint: ENTITY });
    });
  });

  it('writes its self link as an absolute URL that keeps the prefix the client used', async () => {
    const exchange = await speaker7();
    const relative = relativeLinks(exchange.json);
    expectThat(relative.length === 0, {
      expected: 'every "href" an absolute URL, such as http://conference.test/speaker/7',
      received: `hrefs that are not: ${relative.join(', ')}`,
      exchange,
      hint: LINKS,
    });
    // The application mounted under a prefix, as step 04 mounted the blog under /blog.
    const mounted = createApplication().pipe(MOUNTED_AT, await createTargetApp());
    const under = await send('GET', `${MOUNTED_AT}/speaker/7`, { app: mounted });
    expectResponse(under, { status: 200 }, { hint: ROUTES });
    expectResponse(
      under,
      { json: { _links: { self: linkTo(under, '/speaker/7') } } },
      { hint: LINKS },
    );
  });

  it("names the speaker's own URL in self, however the request spelled it: /speaker/%37?utm_source=feed", async () => {
    // %37 is 7 percent-encoded: RFC 3986 counts it the same URL, and the router reads it so.
    const exchange = await send('GET', '/speaker/%37?utm_source=feed');
    expectResponse(exchange, { status: 200, json: { id: 7 } }, { hint: ROUTES });
    const own = new URL('/speaker/7', exchange.request.url).href;
    expectThat(selfOf(exchange, exchange.json) === own, {
      expected: `"self": { "href": "${own}" }: the speaker's own URL, not the request's`,
      received: `"self": { "href": ${JSON.stringify(hrefOf(exchange.json, 'self'))} }`,
      exchange,
      hint: LINKS,
    });
  });

  it('refuses every method but GET on /speaker/7: PUT, POST and DELETE are 405 problems, Allow: GET,HEAD', async () => {
    const refused = { ...problem(405), headers: { 'content-type': PROBLEM, allow: 'GET,HEAD' } };
    for (const method of ['PUT', 'POST', 'DELETE']) {
      expectResponse(await send(method, '/speaker/7'), refused, { hint: ROUTES });
    }
  });

  it('sends a strong ETag with the speaker, the same on every GET, and on HEAD', async () => {
    const { tag } = await taggedSpeaker7();
    const again = await taggedSpeaker7();
    expectThat(again.tag === tag, {
      expected: `the same ETag for the same answer: ${tag}`,
      received: `ETag: ${again.tag}`,
      exchange: again.exchange,
      hint: ETAG,
    });
    // HEAD answers what GET would, but the body: its tag too.
    const head = await speaker7('HEAD');
    expectResponse(
      head,
      { status: 200, headers: { etag: sameTag(tag) }, text: '' },
      { hint: ETAG },
    );
  });

  it('changes the ETag exactly when the answer does: another speaker, a renamed one, another prefix', async () => {
    await withCatalogue(async ({ database, app }) => {
      const { exchange, tag } = await taggedSpeaker7({ app });
      const differs = (other: Exchange, why: string) =>
        expectThat(other.headers.get('etag') !== tag, {
          expected: `an ETag other than ${tag}, since ${why}`,
          received: `ETag: ${other.headers.get('etag')}`,
          exchange: other,
          hint: ETAG,
        });
      const eight = await send('GET', '/speaker/8', { app });
      expectResponse(eight, { status: 200 }, { hint: ENTITY });
      differs(eight, 'speaker 8 is another answer than speaker 7');
      const { name } = database.prepare('SELECT name FROM speakers WHERE id = 7').get() as {
        name: string;
      };
      database.prepare('UPDATE speakers SET name = ? WHERE id = 7').run(`${name} (renamed)`);
      differs(
        await send('GET', '/speaker/7', { app }),
        'the speaker was renamed: a client that holds the old name must get the new one',
      );
      // The same bytes again, the same tag again: the tag is the answer's, nothing else.
      database.prepare('UPDATE speakers SET name = ? WHERE id = 7').run(name);
      const back = await send('GET', '/speaker/7', { app });
      expectThat(back.headers.get('etag') === tag && back.text === exchange.text, {
        expected: `the ETag ${tag} again, with the name as it was: the same bytes, the same tag`,
        received: `ETag: ${back.headers.get('etag')}`,
        exchange: back,
        hint: ETAG,
      });
      // Under a prefix the self link differs, so the bytes do: a tag of the row alone would not.
      const mounted = createApplication().pipe(MOUNTED_AT, app);
      const under = await send('GET', `${MOUNTED_AT}/speaker/7`, { app: mounted });
      expectResponse(under, { status: 200 }, { hint: ROUTES });
      differs(under, `under a prefix the self link differs, so the bytes do`);
    });
  });

  it('answers a GET whose If-None-Match names the ETag with 304 Not Modified: no body, the same ETag', async () => {
    const { tag } = await taggedSpeaker7();
    expectNotModified(await send('GET', '/speaker/7', { headers: { 'if-none-match': tag } }), tag);
  });

  it('compares If-None-Match weakly: W/ before the ETag gets the 304 too', async () => {
    const { tag } = await taggedSpeaker7();
    const weak = await send('GET', '/speaker/7', { headers: { 'if-none-match': `W/${tag}` } });
    expectNotModified(weak, tag);
  });

  it('reads If-None-Match as a list of tags, and * as any current speaker', async () => {
    const { tag } = await taggedSpeaker7();
    for (const field of [`"older", ${tag}`, `W/"older",W/${tag}`, '*']) {
      expectNotModified(
        await send('GET', '/speaker/7', { headers: { 'if-none-match': field } }),
        tag,
      );
    }
    // `*` stands for a representation that exists: an unknown speaker is still the 404.
    expectResponse(
      await send('GET', '/speaker/99999', { headers: { 'if-none-match': '*' } }),
      problem(404, 'Entity not found.'),
      { hint: NOT_MODIFIED },
    );
  });

  it('answers a HEAD whose If-None-Match names the ETag with 304 as well', async () => {
    const { tag } = await taggedSpeaker7();
    expectNotModified(await send('HEAD', '/speaker/7', { headers: { 'if-none-match': tag } }), tag);
  });

  it('answers the whole speaker, 200, to an If-None-Match that names other tags', async () => {
    const { exchange, tag } = await taggedSpeaker7();
    // A tag of another answer, or the tag with one character changed: a client with an old copy.
    const stale = `${tag.slice(0, -2)}${tag.at(-2) === 'A' ? 'B' : 'A'}"`;
    for (const field of ['"older"', stale, `"older", W/${stale}`]) {
      const fresh = await send('GET', '/speaker/7', { headers: { 'if-none-match': field } });
      expectResponse(
        fresh,
        { status: 200, headers: { etag: sameTag(tag), 'content-type': HAL }, text: exchange.text },
        { hint: NOT_MODIFIED },
      );
    }
  });

  it('answers ids that are no positive integer as written, such as /speaker/abc, /speaker/0x7 or /speaker/007, and unknown paths, with a 404 problem', async () => {
    // The route answers a positive integer; Number() would read all the others as one too:
    // only the route's token refuses them.
    await speaker7();
    for (const id of ['abc', '0x7', '7.0', '1e0', '0', '007', '07']) {
      expectResponse(await send('GET', `/speaker/${id}`), problem(404), { hint: TOKEN });
    }
    expectResponse(await send('GET', '/nowhere'), problem(404), { hint: TOKEN });
  });
});
