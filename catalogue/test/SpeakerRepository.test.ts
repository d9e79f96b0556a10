import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type CatalogueDatabase,
  createInMemoryCatalogue,
  generateConferenceSeed,
  type SpeakerInput,
  SpeakerRepository,
} from '../src/index.ts';
import { dumpDatabase } from './support/dumpDatabase.ts';

const seed = generateConferenceSeed();
const SPEAKER_COUNT = seed.speakers.length;

let db: CatalogueDatabase;
let speakers: SpeakerRepository;
beforeEach(() => {
  db = createInMemoryCatalogue();
  speakers = new SpeakerRepository(db);
});
afterEach(() => db.close());

describe('SpeakerRepository.list', () => {
  it('returns the first page in id order with the total', () => {
    const page = speakers.list({ offset: 0, limit: 10 });
    expect(page.total).toBe(SPEAKER_COUNT);
    expect(page.items).toEqual(seed.speakers.slice(0, 10));
  });

  it('returns a short last page and an empty page past the end', () => {
    const lastOffset = SPEAKER_COUNT - 3;
    expect(speakers.list({ offset: lastOffset, limit: 10 }).items.map((s) => s.id)).toEqual([
      lastOffset + 1,
      lastOffset + 2,
      lastOffset + 3,
    ]);
    expect(speakers.list({ offset: SPEAKER_COUNT + 5, limit: 10 })).toEqual({
      items: [],
      total: SPEAKER_COUNT,
    });
    expect(speakers.list({ offset: 0, limit: 0 })).toEqual({ items: [], total: SPEAKER_COUNT });
  });

  it('counts rows added since', () => {
    speakers.create({ name: 'Ada Example' });
    expect(speakers.list({ offset: 0, limit: 1 }).total).toBe(SPEAKER_COUNT + 1);
  });

  it('rejects offsets and limits SQLite would misread', () => {
    for (const request of [
      { offset: -1, limit: 10 },
      { offset: 0, limit: -1 },
      { offset: 0.5, limit: 10 },
      { offset: 0, limit: Number.NaN },
    ]) {
      expect(() => speakers.list(request)).toThrow(RangeError);
    }
  });
});

describe('SpeakerRepository.fetch', () => {
  it('returns the stored record, or undefined for an unknown id', () => {
    expect(speakers.fetch(1)).toEqual(seed.speakers[0]);
    expect(speakers.fetch(SPEAKER_COUNT + 1)).toBeUndefined();
  });
});

describe('SpeakerRepository.speakersOf', () => {
  it('returns the speakers of a talk in id order', () => {
    const talkWithSeveral = seed.links.find(
      (link) => seed.links.filter((other) => other.talk_id === link.talk_id).length > 1,
    )?.talk_id as number;
    const expectedIds = seed.links
      .filter((link) => link.talk_id === talkWithSeveral)
      .map((link) => link.speaker_id)
      .sort((a, b) => a - b);
    const result = speakers.speakersOf(talkWithSeveral);
    expect(result.map((s) => s.id)).toEqual(expectedIds);
    expect(result[0]).toEqual(seed.speakers[(expectedIds[0] as number) - 1]);
  });

  it('returns an empty list for an unknown talk', () => {
    expect(speakers.speakersOf(9999)).toEqual([]);
  });
});

describe('SpeakerRepository.speakerIdsOf', () => {
  it('lists the speaker ids of each talk asked for, in the order of speakersOf, [] for none', () => {
    const ids = [...seed.talks.map((talk) => talk.id), 9999];
    const speakerIds = speakers.speakerIdsOf(ids);
    expect([...speakerIds.keys()]).toEqual(ids);
    for (const id of ids) {
      expect(speakerIds.get(id), `talk ${id}`).toEqual(speakers.speakersOf(id).map((s) => s.id));
    }
    expect(speakerIds.get(9999)).toEqual([]);
  });
});

describe('SpeakerRepository.create', () => {
  it('stores a speaker, storing omitted fields as NULL', () => {
    const created = speakers.create({ name: 'Zoë O’Connell-山田' });
    expect(created).toEqual({
      id: SPEAKER_COUNT + 1,
      name: 'Zoë O’Connell-山田',
      url: null,
      twitter: null,
    });
    expect(speakers.fetch(created.id)).toEqual(created);
  });

  it('stores every field it is given', () => {
    const input = { name: 'Ada Example', url: 'https://ada.example/', twitter: '@ada' };
    expect(speakers.create(input)).toEqual({ id: SPEAKER_COUNT + 1, ...input });
  });

  it('ignores fields that are not columns', () => {
    const input = { name: 'Ada Example', id: 1, speakerIds: [1] } as SpeakerInput;
    const created = speakers.create(input);
    expect(created.id).toBe(SPEAKER_COUNT + 1);
    expect(speakers.fetch(1)).toEqual(seed.speakers[0]);
  });

  it('rejects a missing name and changes nothing', () => {
    const before = dumpDatabase(db);
    expect(() => speakers.create({ name: null } as unknown as SpeakerInput)).toThrow(/NOT NULL/);
    expect(dumpDatabase(db)).toEqual(before);
  });
});

describe('SpeakerRepository.update', () => {
  it('replaces every field, clearing omitted ones', () => {
    const updated = speakers.update(1, { name: 'Renamed', url: 'https://renamed.example/' });
    expect(updated).toEqual({
      id: 1,
      name: 'Renamed',
      url: 'https://renamed.example/',
      twitter: null,
    });
    expect(speakers.fetch(1)).toEqual(updated);
  });

  it('returns undefined for an unknown id and creates nothing', () => {
    const before = dumpDatabase(db);
    expect(speakers.update(9999, { name: 'Nobody' })).toBeUndefined();
    expect(dumpDatabase(db)).toEqual(before);
  });
});

describe('SpeakerRepository.patch', () => {
  it('changes only the fields it is given', () => {
    const original = seed.speakers[0];
    expect(speakers.patch(1, { name: 'Renamed' })).toEqual({ ...original, name: 'Renamed' });
    expect(speakers.fetch(1)).toEqual({ ...original, name: 'Renamed' });
  });

  it('clears a field set to null', () => {
    speakers.patch(1, { url: 'https://one.example/', twitter: '@one' });
    expect(speakers.patch(1, { twitter: null })).toMatchObject({
      url: 'https://one.example/',
      twitter: null,
    });
  });

  it('ignores fields that are not columns', () => {
    const patched = speakers.patch(2, { id: 5, name: 'Two' } as SpeakerInput);
    expect(patched?.id).toBe(2);
    expect(speakers.fetch(5)).toEqual(seed.speakers[4]);
  });

  it('returns undefined for an unknown id and changes nothing', () => {
    const before = dumpDatabase(db);
    expect(speakers.patch(9999, { name: 'Nobody' })).toBeUndefined();
    expect(dumpDatabase(db)).toEqual(before);
  });
});

describe('SpeakerRepository.delete', () => {
  it('deletes the speaker and their links, but not their talks', () => {
    const talkIds = seed.links.filter((l) => l.speaker_id === 1).map((l) => l.talk_id);
    expect(speakers.delete(1)).toBe(true);
    expect(speakers.fetch(1)).toBeUndefined();
    for (const talkId of talkIds) {
      expect(speakers.speakersOf(talkId).map((s) => s.id)).not.toContain(1);
    }
    const talks = db.prepare('SELECT count(*) FROM talks').pluck().get();
    expect(talks).toBe(seed.talks.length);
  });

  it('returns false when there is nothing to delete', () => {
    expect(speakers.delete(9999)).toBe(false);
    speakers.delete(1);
    expect(speakers.delete(1)).toBe(false);
  });
});
