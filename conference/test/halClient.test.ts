import { join } from 'node:path';
import { type CatalogueDatabase, openCatalogue, resetCatalogue } from '@hyperpipe/catalogue';
import type { Application } from 'hyperpipe';
import type { RunningServer } from 'hyperpipe/server';
import { basicAuth, Client, type Resource, type State } from 'ketting';
import traverson from 'traverson';
import JsonHalAdapter from 'traverson-hal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const V2 = 'application/vnd.conference.v2+json';

import { createConferenceApp } from '../src/createConferenceApp.ts';
import { writeForeignCatalogue } from './contract/foreignCatalogue.ts';
import { configFolderFor, idFromUrl, sorted, useTemporaryFolders } from './support/conference.ts';

// Two generic HAL clients from npm, which know nothing of this API but its root URL, walk
// the whole catalogue by following links: every speaker with their talks and every talk
// with its speakers, read from the collection pages alone (no refresh, no request per
// item), on our seed and on a catalogue file another tool made.
traverson.registerMediaType(JsonHalAdapter.mediaType, JsonHalAdapter);
const temporaryFolder = useTemporaryFolders();

/** Each entity's related ids, sorted: speaker → talks, or talk → speakers. */
type Relations = Map<number, number[]>;

interface Catalogue {
  db: CatalogueDatabase;
  app: Application;
}

async function seeded(folder: string): Promise<Catalogue> {
  const path = join(folder, 'conference.sqlite');
  resetCatalogue(path);
  const db = openCatalogue(path, { create: false });
  return { db, app: await createConferenceApp({ database: db, tokenDatabase: ':memory:' }) };
}

async function foreign(folder: string): Promise<Catalogue> {
  const path = join(folder, 'foreign.sqlite');
  writeForeignCatalogue(path);
  const db = openCatalogue(path, { create: false });
  // Without foreign keys, the file may keep links to rows that are gone: they lead nowhere,
  // so no representation may offer them.
  db.exec('INSERT INTO talks_speakers (talk_id, speaker_id) VALUES (99999, 1001), (5001, 99998)');
  const configFolder = configFolderFor(folder, path);
  return { db, app: await createConferenceApp({ configFolder, tokenDatabase: ':memory:' }) };
}

/** What the database says: the links between rows that both exist. */
function expected(db: CatalogueDatabase, of: 'speaker' | 'talk'): Relations {
  const [table, other] = of === 'speaker' ? ['speakers', 'talk'] : ['talks', 'speaker'];
  const relations: Relations = new Map(
    (db.prepare(`SELECT id FROM ${table} ORDER BY id`).pluck().all() as number[]).map((id) => [
      id,
      [],
    ]),
  );
  const rows = db
    .prepare(
      `SELECT ts.${of}_id AS id, ts.${other}_id AS related FROM talks_speakers AS ts
       JOIN speakers AS s ON s.id = ts.speaker_id JOIN talks AS t ON t.id = ts.talk_id
       ORDER BY related`,
    )
    .all() as { id: number; related: number }[];
  for (const { id, related } of rows) relations.get(id)?.push(related);
  return relations;
}

const pagesOf = (count: number) => Math.max(1, Math.ceil(count / 25));

describe.each([
  ['our seed', seeded],
  ['a catalogue file another tool made, without foreign keys', foreign],
])('from the root alone, on %s', (_name, open) => {
  let catalogue: Catalogue;
  let server: RunningServer;
  beforeAll(async () => {
    catalogue = await open(temporaryFolder());
    server = await catalogue.app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
  });
  afterAll(async () => {
    await server?.close();
    catalogue?.db.close();
  });

  it('Ketting reaches every speaker’s talks and every talk’s speakers, one request a page', async () => {
    const client = new Client(`${server.url}/`);
    let requests = 0;
    client.use((request, next) => {
      requests += 1;
      return next(request);
    });
    const root = client.go('/');
    const speakers = await walkWithKetting(root, 'speakers', 'talks');
    const talks = await walkWithKetting(root, 'talks', 'speakers');

    expect(speakers).toEqual(expected(catalogue.db, 'speaker'));
    expect(talks).toEqual(expected(catalogue.db, 'talk'));
    // The root, then each page: every item's relations came with its page.
    expect(requests).toBe(1 + pagesOf(speakers.size) + pagesOf(talks.size));
  });

  it('Traverson does too, and follows a talk to a speaker who links back to it', async () => {
    const speakers = await walkWithTraverson(server.url, 'speakers', 'talks');
    const talks = await walkWithTraverson(server.url, 'talks', 'speakers');
    expect(speakers).toEqual(expected(catalogue.db, 'speaker'));
    expect(talks).toEqual(expected(catalogue.db, 'talk'));

    // root → talks → the first talk of the second page → its first speaker, fetched.
    const talk = (await traverse(server.url, ['talks', 'next', 'talks[0]'])) as HalDocument;
    const speaker = (await traverse(server.url, [
      'talks',
      'next',
      'talks[0]',
      'speakers[0]',
    ])) as HalDocument;
    expect(hrefsOf(speaker, 'talks')).toContain(talk._links.self.href);
  });

  it('Traverson’s [$all] reads embedded resources only: an entity’s own page embeds them, a collection item links them', async () => {
    // A speaker in a page carries its talks as links: `talks[$all]` there finds nothing in
    // `_embedded`, and Traverson answers an empty list rather than an error.
    const speakers = expected(catalogue.db, 'speaker');
    const [[, talksOfFirst = []] = []] = speakers;
    expect(talksOfFirst.length).toBeGreaterThan(0);
    expect(await traverse(server.url, ['speakers', 'speakers[0]', 'talks[$all]'])).toEqual([]);

    // At its own URL (the root's `speaker` template, or an item's `self`) a speaker embeds
    // its talks, and a talk its speakers: there `[$all]` returns every one.
    const viaSelf = (await traverse(server.url, [
      'speakers',
      'speakers[0]',
      'self',
      'talks[$all]',
    ])) as HalDocument[];
    expect(sorted(viaSelf.map((talk) => idFromUrl(talk._links.self.href)))).toEqual(talksOfFirst);
    for (const [of, relation, entities] of [
      ['speaker', 'talks', speakers],
      ['talk', 'speakers', expected(catalogue.db, 'talk')],
    ] as const) {
      for (const [id, related] of entities) {
        const items = (await traverse(server.url, [of, `${relation}[$all]`], {
          [`${of}_id`]: id,
        })) as HalDocument[];
        expect(sorted(items.map((item) => idFromUrl(item._links.self.href)))).toEqual(related);
      }
    }
  });
});

/** Follows `collection` from the root and its `next` links, reading each item's `relation`. */
async function walkWithKetting(
  root: Resource,
  collection: string,
  relation: string,
): Promise<Relations> {
  const found: Relations = new Map();
  let page: State = await (await root.follow(collection)).get();
  for (;;) {
    expect(page.contentHeaders().get('content-type')).toBe('application/hal+json');
    // Ketting keeps each embedded item's state: get() reads it without a request.
    for (const item of page.followAll(collection)) {
      const state = await item.get();
      const ids = state.links.getMany(relation).map((link) => idFromUrl(link.href));
      found.set(idFromUrl(state.uri), sorted(ids));
    }
    if (!page.links.has('next')) return new Map([...found].sort(([a], [b]) => a - b));
    page = await page.follow('next').get();
  }
}

interface HalDocument {
  _links: Record<string, { href: string } & Record<string, unknown>> & { self: { href: string } };
  [field: string]: unknown;
}

/** Where a list of relations leads from the root, as Traverson follows them. */
function traverse(
  url: string,
  relations: readonly string[],
  templateParameters: Record<string, number> = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    traverson
      .from(`${url}/`)
      .jsonHal()
      .withRequestOptions({ headers: { accept: 'application/hal+json' } })
      .withTemplateParameters(templateParameters)
      .follow(...relations)
      .getResource((error: unknown, document: unknown) =>
        error ? reject(error) : resolve(document),
      );
  });
}

const hrefsOf = (document: HalDocument, relation: string): string[] => {
  const links = document._links[relation] as unknown as { href: string }[];
  return links.map((link) => link.href);
};

/** The items of every page (`next`, `next`… from the root), with their `relation`. */
async function walkWithTraverson(
  url: string,
  collection: string,
  relation: string,
): Promise<Relations> {
  const found: Relations = new Map();
  for (const nexts: string[] = []; ; nexts.push('next')) {
    const items = (await traverse(url, [
      collection,
      ...nexts,
      `${collection}[$all]`,
    ])) as HalDocument[];
    for (const item of items) {
      found.set(idFromUrl(item._links.self.href), sorted(hrefsOf(item, relation).map(idFromUrl)));
    }
    const page = (await traverse(url, [collection, ...nexts])) as HalDocument;
    if (!('next' in page._links)) return new Map([...found].sort(([a], [b]) => a - b));
  }
}

/** Ketting as the editor; with `vendorType`, reading and writing that type only, as HAL. */
function editorClient(url: string, vendorType?: string): Client {
  const client = new Client(url);
  if (vendorType) {
    // Version 2's media type is HAL: read and written so, as docs/conference-api.md says.
    const [hal] = client.contentTypeMap['application/hal+json'] ?? [];
    client.contentTypeMap = { [vendorType]: [hal, '1.0'] } as typeof client.contentTypeMap;
  }
  client.use(basicAuth('editor', 'hyperpipe-editor'));
  // Ketting sends a state's headers back with it, those of its GET's answer included;
  // Node's fetch refuses two of them, which a browser's would drop.
  client.use((request, next) => {
    const headers = new Headers(request.headers);
    for (const name of ['keep-alive', 'content-length']) headers.delete(name);
    return next(new Request(request, { headers }));
  });
  return client;
}

describe('a HAL client from npm writing through version 2', () => {
  it('Ketting’s get, change the name, put keeps the twitter handle version 2 shows as a link', async () => {
    const { app, db } = await seeded(temporaryFolder());
    const server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
    try {
      const id = db
        .prepare('SELECT id FROM speakers WHERE twitter IS NOT NULL ORDER BY id LIMIT 1')
        .pluck()
        .get() as number;
      const twitter = db.prepare('SELECT twitter FROM speakers WHERE id = ?').pluck().get(id);
      const speaker = editorClient(server.url, V2).go(`/v2/speaker/${id}`);
      const state = await speaker.get();
      state.data.name = 'Renamed by Ketting';
      // The fields version 2's PUT takes, from what was read: a strict body refuses the
      // read-only id and talk_count, which the state also holds.
      const { name, url } = state.data;
      await speaker.put({ data: { name, url } });
      // Before, the PUT erased the handle: version 2 shows it only as a link.
      expect(db.prepare('SELECT name, twitter FROM speakers WHERE id = ?').get(id)).toEqual({
        name: 'Renamed by Ketting',
        twitter,
      });
    } finally {
      await server.close();
      db.close();
    }
  });

  it('Ketting writes version 1 with the tag it read from version 2, until the speaker changes', async () => {
    const { app, db } = await seeded(temporaryFolder());
    const server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
    try {
      const id = 3;
      const tag = (await editorClient(server.url, V2).go(`/v2/speaker/${id}`).get()).headers.get(
        'etag',
      );
      const speaker = editorClient(server.url).go(`/speaker/${id}`);
      const { name, url, twitter } = (await speaker.get()).data;
      const put = (newName: string) =>
        speaker.put({ data: { name: newName, url, twitter }, headers: { 'If-Match': tag ?? '' } });
      // The same state in another version's representation: the write goes through.
      await put(`${name} (renamed)`);
      expect(db.prepare('SELECT name FROM speakers WHERE id = ?').pluck().get(id)).toBe(
        `${name} (renamed)`,
      );
      // Now the tag names a state that is gone: refused, and nothing written.
      await expect(put('Lost update')).rejects.toMatchObject({ status: 412 });
      expect(db.prepare('SELECT name FROM speakers WHERE id = ?').pluck().get(id)).toBe(
        `${name} (renamed)`,
      );
    } finally {
      await server.close();
      db.close();
    }
  });
});
