import type { CatalogueDatabase } from '@hyperpipe/catalogue';
import type { Application } from 'hyperpipe';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTestConference,
  idsOf,
  linkTable,
  ORIGIN,
  SEED,
  sendJson,
  sorted,
} from './support/conference.ts';

interface EmbeddedTalk {
  _links: { self: { href: string } };
  id: number;
  day: string | null;
  start_time: string | null;
}

let app: Application;
let db: CatalogueDatabase;
let links: ReturnType<typeof linkTable>;
beforeAll(async () => {
  ({ app, db } = await createTestConference());
  links = linkTable(db);
});

describe('embedded relations agree with talks_speakers', () => {
  it('the seeded catalogue has the expected size', () => {
    expect(idsOf(db, 'speakers')).toHaveLength(SEED.speakers);
    expect(idsOf(db, 'talks')).toHaveLength(SEED.talks);
    expect([...links.talksOf.values()].flat()).toHaveLength(SEED.links);
  });

  it('every speaker embeds exactly their linked talks, in programme order', async () => {
    let embeddedLinks = 0;
    for (const speakerId of idsOf(db, 'speakers')) {
      const { status, body } = await sendJson(app, `/speaker/${speakerId}`);
      expect(status).toBe(200);
      const talks = body._embedded.talks as EmbeddedTalk[];
      const ids = talks.map((talk) => talk.id);
      expect(sorted(ids), `talks of speaker ${speakerId}`).toEqual(
        links.talksOf.get(speakerId) ?? [],
      );
      for (const talk of talks) expect(talk._links.self.href).toBe(`${ORIGIN}/v1/talk/${talk.id}`);
      // Programme order: by day and start time, unscheduled talks last, then by id.
      const keys = talks.map(
        (talk) =>
          `${talk.day ?? '~'} ${talk.start_time ?? '~'} ${String(talk.id).padStart(6, '0')}`,
      );
      expect(keys, `order of the talks of speaker ${speakerId}`).toEqual([...keys].sort());
      embeddedLinks += talks.length;
    }
    expect(embeddedLinks).toBe(SEED.links);
  });

  it('every talk embeds exactly its linked speakers, in id order', async () => {
    let embeddedLinks = 0;
    for (const talkId of idsOf(db, 'talks')) {
      const { status, body } = await sendJson(app, `/talk/${talkId}`);
      expect(status).toBe(200);
      const speakers = body._embedded.speakers as {
        id: number;
        _links: { self: { href: string } };
      }[];
      expect(
        speakers.map((speaker) => speaker.id),
        `speakers of talk ${talkId}`,
      ).toEqual(links.speakersOf.get(talkId) ?? []);
      for (const speaker of speakers) {
        expect(speaker._links.self.href).toBe(`${ORIGIN}/v1/speaker/${speaker.id}`);
      }
      embeddedLinks += speakers.length;
    }
    expect(embeddedLinks).toBe(SEED.links);
  });

  it('version 2 counts the talks of every speaker, in the collection and in the entity', async () => {
    for (let page = 1; page <= 4; page += 1) {
      const { body } = await sendJson(app, `/v2/speaker?page=${page}`);
      for (const speaker of body._embedded.speakers as { id: number; talk_count: number }[]) {
        const expected = links.talksOf.get(speaker.id)?.length ?? 0;
        expect(speaker.talk_count, `talk_count of speaker ${speaker.id}`).toBe(expected);
        const entity = await sendJson(app, `/v2/speaker/${speaker.id}`);
        expect(entity.body.talk_count).toBe(expected);
        expect(entity.body._embedded.talks).toHaveLength(expected);
      }
    }
  });
});
