import { createInMemoryCatalogue } from '@hyperpipe/catalogue';
import {
  type Exchange,
  expectResponse,
  expectThat,
  loadCreateApp,
  satisfies,
  send,
  setStartupHint,
} from '@hyperpipe/cli/harness';
import { describe, expect, it } from 'vitest';
import {
  expectRoot,
  followTemplate,
  getRoot,
  linksOf,
  templateTo,
} from '../07-hal-speakers/hal.ts';

// A createApp() that throws here is mostly an entity kind or route registered twice.
setStartupHint(1);

const V1 = 'application/vnd.conference.v1+json';
const V2 = 'application/vnd.conference.v2+json';
const HAL = 'application/hal+json';
const CORS = 'access-control-allow-origin';

/** A Content-Type header of this media type, whatever its parameters. */
const typeOf = (mediaType: string) =>
  new RegExp(`^${mediaType.replace(/[.+]/g, '\\$&')}\\s*(;|$)`, 'i');

/** The path of a URL, resolved against the request URL: links may be absolute or relative. */
const pathOf = (href: string) => new URL(href, 'http://conference.test').pathname;

/** A link whose href's path matches `path`. */
const linkTo = (path: RegExp, description: string) =>
  satisfies(
    (link) =>
      typeof (link as { href?: unknown } | null)?.href === 'string' &&
      path.test(pathOf((link as { href: string }).href)),
    `a link { href } to ${description}`,
  );

interface Speaker {
  id: number;
  twitter: string | null;
}

/** A speaker of a version 2 collection page. */
interface Version2Item {
  id: number;
  talk_count: number;
  _links: { self: { href: string }; talks?: unknown };
}

/** A speaker with a Twitter handle, found in version 1's first page, at its versioned URL. */
async function speakerWithTwitter(): Promise<Speaker> {
  const exchange = await send('GET', '/v1/speaker', { headers: { accept: HAL } });
  expectResponse(exchange, { status: 200 }, { hint: 1 });
  const speakers =
    (exchange.json as { _embedded?: { speakers?: Speaker[] } })._embedded?.speakers ?? [];
  const speaker = speakers.find((candidate) => typeof candidate.twitter === 'string');
  expectThat(speaker !== undefined, {
    expected: 'a speaker with a twitter handle in the first page of GET /v1/speaker',
    received: 'none',
    exchange,
    hint: 1,
  });
  return speaker as Speaker;
}

/** What version 2 makes of a speaker: a talk count and a twitter link, no twitter field. */
function version2Of(speaker: Speaker) {
  const handle = (speaker.twitter as string).replace(/^@/, '');
  return {
    id: speaker.id,
    talk_count: expect.any(Number),
    _links: {
      self: linkTo(new RegExp(`^/v2/speaker/${speaker.id}$`), `/v2/speaker/${speaker.id}`),
      twitter: satisfies(
        (link) =>
          typeof (link as { href?: unknown } | null)?.href === 'string' &&
          (link as { href: string }).href.includes(handle),
        `a link { href } to the profile of ${handle}`,
      ),
    },
  };
}

/** A matcher of an `Allow` header naming these methods and no other, in any order. */
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

/** Checks that the body of an answer has no member `field`. */
function expectNoField(exchange: Exchange, field: string, hint: number): void {
  const body = exchange.json as Record<string, unknown> | undefined;
  expectThat(body !== undefined && !Object.hasOwn(body, field), {
    expected: `a body without a \`${field}\` field`,
    received: body === undefined ? 'no JSON body' : `${field}: ${JSON.stringify(body[field])}`,
    exchange,
    hint,
  });
}

/** Checks that an answer is version 2 of `speaker`. */
function expectVersion2(exchange: Exchange, speaker: Speaker, hint: number): void {
  expectResponse(exchange, { status: 200, json: version2Of(speaker) }, { hint });
  expectNoField(exchange, 'twitter', hint);
}

/** Checks that an answer is version 1 of `speaker`: its twitter field, no talk count. */
function expectVersion1(exchange: Exchange, speaker: Speaker, hint: number): void {
  expectResponse(
    exchange,
    {
      status: 200,
      json: {
        id: speaker.id,
        twitter: speaker.twitter,
        _links: {
          self: linkTo(
            new RegExp(`^(/v1)?/speaker/${speaker.id}$`),
            `/v1/speaker/${speaker.id} (or /speaker/${speaker.id})`,
          ),
        },
      },
    },
    { hint },
  );
  expectNoField(exchange, 'talk_count', hint);
}

/**
 * Checks that an unversioned URL is answered as its `/v1` twin: a 404 there means the
 * Versioning middleware did not send the request on (it is missing, runs after routing, or
 * reads a router of its own, which has none of the application's routes).
 */
function expectRoutedToVersion1(exchange: Exchange, path: string): void {
  expectThat(exchange.status !== 404, {
    expected: `GET ${path} answered as GET /v1${path}: Versioning, before routing, sends it there when it finds /v1${path.replace(/\/\d+$/, '/{id}')} in the router it was given, which must be the application's`,
    received: `404: nothing sent it on to /v1${path}, although GET /v1${path} answers`,
    exchange,
    hint: 4,
  });
}

describe('step 12: versioning', () => {
  it('serves version 2 of a speaker at /v2/speaker/{id}: a talk_count and a twitter link', async () => {
    const speaker = await speakerWithTwitter();
    const path = `/v2/speaker/${speaker.id}`;
    const exchange = await send('GET', path);
    expectVersion2(exchange, speaker, 1);
    // Every other field of version 1 is there: version 2 hides the twitter field alone.
    const v1 = (await send('GET', `/v1/speaker/${speaker.id}`)).json as Record<string, unknown>;
    const kept = Object.fromEntries(
      Object.entries(v1).filter(([name]) => !name.startsWith('_') && name !== 'twitter'),
    );
    expectResponse(exchange, { json: kept }, { hint: 1 });
    expectResponse(
      await send('HEAD', path),
      { status: 200, headers: { 'content-type': typeOf(HAL) }, text: '' },
      { hint: 1 },
    );
    // Version 2 serves what version 1 serves, and refuses the rest with the resource's 405.
    const entity = allowing(['GET', 'HEAD', 'PATCH', 'PUT', 'DELETE', 'OPTIONS']);
    expectResponse(
      await send('OPTIONS', path),
      { status: 204, headers: { allow: entity } },
      { hint: 1 },
    );
    expectResponse(
      await send('POST', path, { json: { name: 'Nobody' } }),
      { status: 405, headers: { allow: entity }, json: { title: 'Method Not Allowed' } },
      { hint: 1 },
    );
    // One URL per speaker in version 2 too, and in the default version.
    for (const zeroed of [`/v2/speaker/0${speaker.id}`, `/speaker/0${speaker.id}`]) {
      expectResponse(await send('GET', zeroed), { status: 404 }, { hint: 7 });
    }
  });

  it('keeps version 1 at /v1/speaker/{id}, and at /speaker/{id} by default', async () => {
    const speaker = await speakerWithTwitter();
    const prefixed = await send('GET', `/v1/speaker/${speaker.id}`, { headers: { accept: V1 } });
    expectResponse(prefixed, { status: 200, headers: { 'content-type': typeOf(V1) } }, { hint: 1 });
    expectVersion1(prefixed, speaker, 1);
    const talks = await send('GET', '/v1/talk', { headers: { accept: V1 } });
    expectResponse(talks, { status: 200, json: { total: expect.any(Number) } }, { hint: 1 });

    const unversioned = await send('GET', `/speaker/${speaker.id}`);
    expectRoutedToVersion1(unversioned, `/speaker/${speaker.id}`);
    expectVersion1(unversioned, speaker, 4);
    const unversionedTalks = await send('GET', '/talk');
    expectRoutedToVersion1(unversionedTalks, '/talk');
    expectResponse(
      unversionedTalks,
      { status: 200, json: { total: expect.any(Number) } },
      { hint: 4 },
    );
  });

  it('serves version 2 at /speaker/{id} to Accept: application/vnd.conference.v2+json', async () => {
    const speaker = await speakerWithTwitter();
    // Version 2's own URL first: its resource must answer the v2 type.
    const direct = await send('GET', `/v2/speaker/${speaker.id}`, { headers: { accept: V2 } });
    expectResponse(direct, { status: 200, headers: { 'content-type': typeOf(V2) } }, { hint: 7 });
    const exchange = await send('GET', `/speaker/${speaker.id}`, { headers: { accept: V2 } });
    expectResponse(exchange, { status: 200, headers: { 'content-type': typeOf(V2) } }, { hint: 4 });
    expectVersion2(exchange, speaker, 4);
  });

  it('refuses a version nobody has by media type, 406 or 415, with the CORS header of every answer', async () => {
    const speaker = await speakerWithTwitter();
    const path = `/speaker/${speaker.id}`;
    // A browser's request from another origin: the CORS header lets its page read the answer.
    const elsewhere = { origin: 'https://elsewhere.test' };
    const served = await send('GET', path, { headers: { ...elsewhere, accept: V2 } });
    expectResponse(served, { status: 200, headers: { 'content-type': typeOf(V2) } }, { hint: 4 });
    const cors = served.headers.get(CORS);
    expectThat(cors !== null, {
      expected: `${CORS} on GET ${path}, as on every answer since step 04`,
      received: 'no such header',
      exchange: served,
      hint: 4,
    });
    // Versioning refuses these itself: its answers must carry the header all the same.
    const V3 = 'application/vnd.conference.v3+json';
    const refusals = [
      [await send('GET', path, { headers: { ...elsewhere, accept: V3 } }), 406],
      [
        await send('POST', '/speaker', {
          headers: { ...elsewhere, 'content-type': V3 },
          body: JSON.stringify({ name: 'Nobody' }),
        }),
        415,
      ],
    ] as const;
    for (const [refused, status] of refusals) {
      expectResponse(
        refused,
        {
          status,
          headers: { 'content-type': typeOf('application/problem+json'), [CORS]: cors as string },
        },
        { hint: 4 },
      );
    }
  });

  it('takes a body of Content-Type application/vnd.conference.v2+json as a version 2 write', async () => {
    const created = await send('POST', '/speaker', {
      headers: { 'content-type': V2 },
      json: { name: 'Versioned', twitter: '@versioned' },
    });
    expectResponse(
      created,
      {
        status: 201,
        headers: {
          location: satisfies(
            (value) => /^\/v2\/speaker\/\d+$/.test(pathOf(String(value))),
            'a URL under /v2/speaker/',
          ),
        },
        json: { name: 'Versioned', talk_count: 0 },
      },
      { hint: 7 },
    );
    expectNoField(created, 'twitter', 7);
  });

  it("takes a plain application/json body in either version, and refuses the other version's type", async () => {
    const body = JSON.stringify({ name: 'Plain' });
    for (const [path, location] of [
      ['/v2/speaker', /^\/v2\/speaker\/\d+$/],
      ['/v1/speaker', /^\/v1\/speaker\/\d+$/],
    ] as const) {
      const created = await send('POST', path, {
        headers: { 'content-type': 'application/json' },
        body,
      });
      expectResponse(
        created,
        {
          status: 201,
          headers: {
            location: satisfies(
              (value) => location.test(pathOf(String(value))),
              `a URL under ${path}/`,
            ),
          },
          json: { name: 'Plain' },
        },
        { hint: 7 },
      );
    }
    for (const [path, type] of [
      ['/v2/speaker', V1],
      ['/v1/speaker', V2],
    ] as const) {
      expectResponse(
        await send('POST', path, { headers: { 'content-type': type }, body }),
        { status: 415, json: { title: 'Unsupported Media Type' } },
        { hint: 7 },
      );
    }
  });

  it('answers an empty catalogue with an empty page of version 2 speakers', async () => {
    const createApp = await loadCreateApp();
    const database = createInMemoryCatalogue();
    try {
      database.exec('DELETE FROM talks_speakers; DELETE FROM talks; DELETE FROM speakers;');
      const app = await createApp({ database });
      expectResponse(
        await send('GET', '/v2/speaker', { app }),
        { status: 200, json: { count: 0, total: 0, _embedded: { speakers: [] } } },
        { hint: 1 },
      );
    } finally {
      database.close();
    }
  });

  it("follows a version 2 speaker's talks with only Accept: application/vnd.conference.v2+json, to version 2 talks", async () => {
    // A client of version 2 names its type alone and follows the links it is given.
    const page = await send('GET', '/speaker', { headers: { accept: V2 } });
    expectResponse(page, { status: 200, headers: { 'content-type': typeOf(V2) } }, { hint: 4 });
    const speakers = (page.json as { _embedded?: { speakers?: Version2Item[] } })._embedded
      ?.speakers;
    const speaker = speakers?.find((item) => item.talk_count > 0);
    const links = speaker && linksOf(page, speaker, 'talks');
    expectThat(links !== undefined && links.length > 0, {
      expected:
        'a speaker of GET /speaker (v2) with talks, and "_links": { "talks": [ { "href": … } ] }',
      received: speaker
        ? `speaker ${speaker.id}: "talks": ${JSON.stringify(speaker._links.talks) ?? 'no such link'}`
        : 'no speaker with talks in the first page',
      exchange: page,
      hint: 1,
    });
    const url = new URL((links as string[])[0] as string);
    const talk = await send('GET', url.pathname + url.search, { headers: { accept: V2 } });
    expectResponse(
      talk,
      {
        status: 200,
        headers: { 'content-type': typeOf(V2) },
        json: {
          _links: { self: linkTo(/^\/v2\/talk\/\d+$/, '/v2/talk/{id}') },
          _embedded: {
            speakers: satisfies(
              (items) =>
                Array.isArray(items) &&
                items.length > 0 &&
                items.every((item) =>
                  /^\/v2\/speaker\/\d+$/.test(pathOf(String(item?._links?.self?.href))),
                ),
              'speakers whose self links are under /v2/speaker/',
            ),
          },
        },
      },
      { hint: 13 },
    );
    expectResponse(
      await send('GET', '/talk', { headers: { accept: V2 } }),
      { status: 200, headers: { 'content-type': typeOf(V2) }, json: { total: expect.any(Number) } },
      { hint: 13 },
    );
    // A version 1 URL stays version 1, which lists no v2 type.
    const v1 = await send('GET', '/v1/talk', { headers: { accept: V2 } });
    expectResponse(
      v1,
      {
        status: 406,
        headers: { 'content-type': typeOf('application/problem+json') },
        json: { status: 406, detail: 'Cannot honor Accept type specified' },
      },
      { hint: 7 },
    );
  });

  it('links version 2 speakers under /v2, and their talks too', async () => {
    const exchange = await send('GET', '/v2/speaker?page=2');
    expectResponse(
      exchange,
      {
        status: 200,
        json: {
          _links: { self: linkTo(/^\/v2\/speaker$/, '/v2/speaker?page=2') },
          _embedded: {
            speakers: expect.arrayContaining([
              expect.objectContaining({
                talk_count: expect.any(Number),
                _links: expect.objectContaining({
                  self: linkTo(/^\/v2\/speaker\/\d+$/, '/v2/speaker/{id}'),
                }),
              }),
            ]),
          },
        },
      },
      { hint: 1 },
    );
    const speakers = (exchange.json as { _embedded: { speakers: Version2Item[] } })._embedded
      .speakers;
    const outside = speakers.filter((item) => !pathOf(item._links.self.href).startsWith('/v2/'));
    expectThat(outside.length === 0, {
      expected: 'every speaker of /v2/speaker linked under /v2/speaker/',
      received: outside.map((item) => item._links.self.href),
      exchange,
      hint: 1,
    });
    // Each speaker of the page links to each of their talks, version 2's: as many as it counts.
    const unlinked = speakers.find((item) => {
      const talks = linksOf(exchange, item, 'talks');
      return (
        talks?.length !== item.talk_count ||
        !talks.every((url) => /^\/v2\/talk\/\d+$/.test(pathOf(url)))
      );
    });
    expectThat(unlinked === undefined, {
      expected:
        'every speaker of /v2/speaker with "_links": { "talks": [ … ] }, a link to each of the talk_count talks, under /v2/talk/',
      received: `speaker ${unlinked?.id}: talk_count ${unlinked?.talk_count}, "talks": ${JSON.stringify(unlinked?._links.talks) ?? 'no such link'}`,
      exchange,
      hint: 1,
    });

    const speaker = speakers.find((item) => item.talk_count > 0);
    expectThat(speaker !== undefined, {
      expected: 'a speaker with talks in the second page of /v2/speaker',
      received: 'none',
      exchange,
      hint: 1,
    });
    const entity = await send('GET', `/v2/speaker/${speaker?.id}`);
    const talkLink = linkTo(/^\/v2\/talk\/\d+$/, '/v2/talk/{id}');
    expectResponse(
      entity,
      {
        status: 200,
        json: {
          _links: { self: linkTo(/^\/v2\/speaker\/\d+$/, `/v2/speaker/${speaker?.id}`) },
          _embedded: {
            talks: satisfies(
              (talks) =>
                Array.isArray(talks) &&
                talks.length > 0 &&
                talks.every((talk) => talkLink.asymmetricMatch(talk?._links?.self)),
              'talks whose self links point at version 2: /v2/talk/{id}',
            ),
          },
        },
      },
      { hint: 1 },
    );
  });

  it('pages version 2 talks at /v2/talk as version 1 pages its talks, every link under /v2', async () => {
    const v1 = await send('GET', '/v1/talk?page=2', { headers: { accept: HAL } });
    expectResponse(v1, { status: 200 }, { hint: 1 });
    const exchange = await send('GET', '/v2/talk?page=2');
    const page = v1.json as { count: number; total: number; page_size: number };
    const v2Link = linkTo(/^\/v2\/talk$/, '/v2/talk?page=…');
    expectResponse(
      exchange,
      {
        status: 200,
        json: {
          page: 2,
          count: page.count,
          total: page.total,
          page_size: page.page_size,
          _links: { self: v2Link, first: v2Link, prev: v2Link, next: v2Link, last: v2Link },
          _embedded: {
            talks: satisfies(
              (talks) =>
                Array.isArray(talks) &&
                talks.length === page.count &&
                talks.every((talk) =>
                  /^\/v2\/talk\/\d+$/.test(pathOf(String(talk?._links?.self?.href))),
                ),
              `the ${page.count} talks of the page, each with a self link under /v2/talk/`,
            ),
          },
        },
      },
      { hint: 13 },
    );
  });

  it("leads a HAL client from / to version 1's speakers and talks, under /v1", async () => {
    const root = await getRoot();
    const collection = (path: string) =>
      templateTo(root, `${path}{?page}`, [
        { values: {}, path, page: 'absent' },
        { values: { page: 2 }, path, page: 2 },
      ]);
    expectRoot(
      root,
      {
        speakers: collection('/v1/speaker'),
        speaker: templateTo(root, '/v1/speaker/{speaker_id}', [
          { values: { speaker_id: 7 }, path: '/v1/speaker/7' },
        ]),
        talks: collection('/v1/talk'),
        talk: templateTo(root, '/v1/talk/{talk_id}', [
          { values: { talk_id: 3 }, path: '/v1/talk/3' },
        ]),
      },
      { route: 10, links: 10 },
    );
    // Filled in, the speaker template gives version 1 of the speaker.
    const speaker = await speakerWithTwitter();
    const found = await followTemplate(root, 'speaker', { speaker_id: speaker.id }, 10);
    expectVersion1(found, speaker, 10);
  });
});
