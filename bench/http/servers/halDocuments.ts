// What the hand-written HAL servers share (halRaw.ts, halHono.ts, halFastify.ts): the
// conference API's `GET /speaker/{id}` and `GET /speaker?page=N` documents, built by hand with
// the very bytes Hyperpipe sends (links to every related entity), through the catalogue's own
// SQL (the `+` before parameters: see catalogue/src/pagedTable.ts), over an in-memory copy of
// the seeded catalogue, in version 1 (which HAL and plain JSON also get) or version 2. The
// byte-only servers only route, and send the version 1 document their framework's way.
import { createHash } from 'node:crypto';
import { createInMemoryCatalogue } from '@hyperpipe/catalogue';

const PAGE_SIZE = 25;
const db = createInMemoryCatalogue();
const speakerById = db.prepare('SELECT id, name, url, twitter FROM speakers WHERE id = ?');
const speakerPage = db.prepare(
  'SELECT id, name, url, twitter FROM speakers ORDER BY id LIMIT +? OFFSET +?',
);
const speakerCount = db.prepare('SELECT count(*) FROM speakers').pluck();
const talksOf = db.prepare(
  `SELECT t.id, t.title, t.abstract, t.day, t.start_time
   FROM talks AS t JOIN talks_speakers AS ts ON ts.talk_id = t.id
   WHERE ts.speaker_id = +?
   ORDER BY t.day NULLS LAST, t.start_time NULLS LAST, t.id`,
);
// The related ids of a whole page (or of a speaker's talks) in one query each.
const talkIdsOf = db.prepare(
  `SELECT ts.speaker_id AS id, t.id AS related
   FROM talks_speakers AS ts JOIN talks AS t ON t.id = ts.talk_id
   WHERE ts.speaker_id IN (SELECT value FROM json_each(?))
   ORDER BY ts.speaker_id, t.day NULLS LAST, t.start_time NULLS LAST, t.id`,
);
const speakerIdsOf = db.prepare(
  `SELECT ts.talk_id AS id, s.id AS related
   FROM talks_speakers AS ts JOIN speakers AS s ON s.id = ts.speaker_id
   WHERE ts.talk_id IN (SELECT value FROM json_each(?))
   ORDER BY ts.talk_id, s.id`,
);

type Row = Record<string, unknown> & { id: number };

const self = (href: string) => ({ self: { href } });

/** id → the hrefs of its related entities, for the ids asked. */
function linksOf(query: typeof talkIdsOf, ids: number[], base: string) {
  const links = new Map<number, { href: string }[]>(ids.map((id) => [id, []]));
  for (const { id, related } of query.all(JSON.stringify(ids)) as {
    id: number;
    related: number;
  }[]) {
    links.get(id)?.push({ href: `${base}/${related}` });
  }
  return links;
}

/** The API versions: 1 by default (and as HAL or JSON), 2 by its vendor type. */
export type Version = 1 | 2;

/**
 * A speaker's own fields and links in one version. Version 2 turns the Twitter handle into a
 * link and counts the talks; the key order is the conference API's, since the bytes are compared.
 */
function speakerFields(row: Row, version: Version, talks: { href: string }[], url: string) {
  if (version === 1) return { _links: { ...self(url), talks }, ...row };
  const { twitter, ...rest } = row as Row & { twitter: string | null };
  const links: Record<string, unknown> = { ...self(url), talks };
  if (twitter !== null) {
    links.twitter = { href: `https://twitter.com/${twitter.replace(/^@/, '')}`, title: twitter };
  }
  return { _links: links, ...rest, talk_count: talks.length };
}

/** A speaker with their talks embedded, or `undefined` when there is none with that id. */
export function speakerDocument(
  origin: string,
  id: number,
  version: Version = 1,
): object | undefined {
  const row = speakerById.get(id) as Row | undefined;
  if (row === undefined) return undefined;
  const base = `${origin}/v${version}`;
  const rows = talksOf.all(id) as Row[];
  const speakers = linksOf(
    speakerIdsOf,
    rows.map((talk) => talk.id),
    `${base}/speaker`,
  );
  const talks = rows.map((talk) => ({
    _links: { ...self(`${base}/talk/${talk.id}`), speakers: speakers.get(talk.id) },
    ...talk,
  }));
  const links = talks.map((talk) => talk._links.self);
  return {
    ...speakerFields(row, version, links, `${base}/speaker/${id}`),
    _embedded: { talks },
  };
}

/** A page of 25 speakers with paging links, or `undefined` past the last page. */
export function speakerPageDocument(
  origin: string,
  page: number,
  version: Version = 1,
): object | undefined {
  const total = speakerCount.get() as number;
  const pageCount = Math.ceil(total / PAGE_SIZE);
  if (page > Math.max(pageCount, 1)) return undefined;
  const rows = speakerPage.all(PAGE_SIZE, (page - 1) * PAGE_SIZE) as Row[];
  const url = `${origin}/v${version}/speaker`;
  const links: Record<string, { href: string }> = {
    self: { href: `${url}?page=${page}` },
    first: { href: url },
  };
  if (page > 1) links.prev = { href: `${url}?page=${page - 1}` };
  if (page < pageCount) links.next = { href: `${url}?page=${page + 1}` };
  links.last = { href: `${url}?page=${pageCount}` };
  const talks = linksOf(
    talkIdsOf,
    rows.map((row) => row.id),
    `${origin}/v${version}/talk`,
  );
  const items = rows.map((row) =>
    speakerFields(row, version, talks.get(row.id) ?? [], `${url}/${row.id}`),
  );
  return {
    _links: links,
    count: items.length,
    total,
    page,
    page_count: pageCount,
    page_size: PAGE_SIZE,
    _embedded: { speakers: items },
  };
}

/**
 * The headers Hyperpipe sends with a HAL answer, but `Content-Length`, which each framework
 * sets its own way: the media type, `Vary: Accept` (the answer was negotiated), a strong
 * `ETag` ({@link halTag}), and the two headers Hyperpipe's server puts on every answer
 * (`framework/src/server/defaultHeaders.ts`).
 */
export function halHeaders(body: string | Buffer): Record<string, string> {
  return {
    'content-type': 'application/hal+json',
    vary: 'Accept',
    etag: halTag(body),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  };
}

/**
 * The strong `ETag` of a HAL answer: SHA-1 of its media type and its body, as
 * `representationTag` in `framework/src/http/entityTag.ts` computes it (the same bytes in
 * another media type are another representation, with another tag).
 */
export function halTag(body: string | Buffer): string {
  return representationTag('application/hal+json', body);
}

/** The strong `ETag` of `body` sent as `mediaType` (see {@link halTag}). */
export function representationTag(mediaType: string, body: string | Buffer): string {
  const digest = createHash('sha1').update(mediaType).update('\n').update(body);
  return `"${digest.digest('base64url')}"`;
}
