import { join } from 'node:path';
import { openCatalogue, resetCatalogue } from '@hyperpipe/catalogue';
import type { RunningServer } from 'hyperpipe';
import { Client, type State } from 'ketting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConferenceApp } from '../src/createConferenceApp.ts';
import { idFromUrl, idsOf, linkTable, SEED, useTemporaryFolders } from './support/conference.ts';

// A generic HAL client knows nothing of this API but its entry point: it reaches every
// speaker and talk by following links alone.
const temporaryFolder = useTemporaryFolders();

let server: RunningServer;
let db: ReturnType<typeof openCatalogue>;
beforeAll(async () => {
  const path = join(temporaryFolder(), 'conference.sqlite');
  resetCatalogue(path);
  db = openCatalogue(path, { create: false });
  server = await (await createConferenceApp({ database: db })).run({
    port: 0,
    hostname: '127.0.0.1',
    handleSignals: false,
  });
});
afterAll(async () => {
  await server?.close();
  db?.close();
});

const hrefs = (state: State, rel: string) => state.links.getMany(rel).map((link) => link.href);

describe('a Ketting walk over the API', () => {
  it('reaches every speaker by following next, and every relation matches the database', async () => {
    const client = new Client(server.url);

    // 1. Walk the speaker collection, page by page, collecting the embedded self links.
    const speakerUrls: string[] = [];
    let page = client.go('/speaker');
    let pages = 0;
    for (;;) {
      const state = await page.get();
      pages += 1;
      // Ketting prefers HAL among the types it asks for, and the API honours that.
      expect(state.headers.get('content-type')).toBe('application/hal+json');
      expect(state.data).toMatchObject({ page: pages, total: SEED.speakers, page_size: 25 });
      // Ketting adds each embedded item's self link under the embedding's name.
      speakerUrls.push(...hrefs(state, 'speakers'));
      if (!state.links.has('next')) break;
      page = state.follow('next');
    }
    expect(pages).toBe(4);
    expect(speakerUrls.map(idFromUrl)).toEqual(idsOf(db, 'speakers'));
    expect(speakerUrls.every((url) => url.startsWith(`${server.url}/v1/speaker/`))).toBe(true);

    // 2. A speaker with talks: follow their embedded talk links, then each talk's speakers.
    const { talksOf, speakersOf } = linkTable(db);
    const [speakerId] = [...talksOf].find(([, talks]) => talks.length > 1) ?? [];
    const speakerUrl = speakerUrls.find((url) => idFromUrl(url) === speakerId) as string;
    // The collection page cached a summary of the speaker; refresh fetches the entity itself.
    const speaker = await client.go(speakerUrl).refresh();
    expect(speaker.data).toMatchObject({ id: speakerId });
    const talkUrls = hrefs(speaker, 'talks');
    expect(talkUrls.map(idFromUrl).sort((a, b) => a - b)).toEqual(talksOf.get(speakerId as number));

    for (const talkResource of speaker.followAll('talks')) {
      const talk = await talkResource.refresh();
      const talkId = (talk.data as { id: number }).id;
      expect(talk.uri).toBe(`${server.url}/v1/talk/${talkId}`);
      const coSpeakers = hrefs(talk, 'speakers').map(idFromUrl);
      expect(coSpeakers).toEqual(speakersOf.get(talkId));
      expect(coSpeakers).toContain(speakerId);

      // 3. And back: each co-speaker's own page lists this talk.
      for (const other of talk.followAll('speakers')) {
        const otherState = await other.refresh();
        expect(hrefs(otherState, 'talks').map(idFromUrl)).toContain(talkId);
      }
    }
  });

  it('walks the talk collection to the end too', async () => {
    const client = new Client(server.url);
    const talkIds: number[] = [];
    let state = await client.go('/talk').get();
    for (;;) {
      talkIds.push(...hrefs(state, 'talks').map(idFromUrl));
      if (!state.links.has('next')) break;
      state = await state.follow('next').get();
    }
    expect(talkIds).toEqual(idsOf(db, 'talks'));
    expect(talkIds).toHaveLength(SEED.talks);
  });
});
