import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type CatalogueDatabase,
  createInMemoryCatalogue,
  generateConferenceSeed,
  SpeakerRepository,
  type Talk,
  type TalkInput,
  TalkRepository,
  UnknownSpeakerError,
} from '../src/index.ts';
import { dumpDatabase } from './support/dumpDatabase.ts';

const seed = generateConferenceSeed();
const TALK_COUNT = seed.talks.length;
const NEW_TALK = {
  title: 'A new talk',
  abstract: 'Short. Sweet.',
  day: '2027-05-19',
  start_time: '18:00',
};

let db: CatalogueDatabase;
let talks: TalkRepository;
let speakers: SpeakerRepository;
beforeEach(() => {
  db = createInMemoryCatalogue();
  talks = new TalkRepository(db);
  speakers = new SpeakerRepository(db);
});
afterEach(() => db.close());

const speakerIdsOf = (talkId: number) => speakers.speakersOf(talkId).map((s) => s.id);

// Asserts that a write throws UnknownSpeakerError naming `missing`, and writes nothing.
function expectRejectedWrite(write: () => unknown, missing: number[]): void {
  const before = dumpDatabase(db);
  let thrown: unknown;
  try {
    write();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(UnknownSpeakerError);
  expect((thrown as UnknownSpeakerError).speakerIds).toEqual(missing);
  expect(dumpDatabase(db)).toEqual(before);
}

describe('TalkRepository.list', () => {
  it('pages through every talk in id order with the total', () => {
    const seen: Talk[] = [];
    for (let offset = 0; offset < TALK_COUNT; offset += 50) {
      const page = talks.list({ offset, limit: 50 });
      expect(page.total).toBe(TALK_COUNT);
      seen.push(...page.items);
    }
    expect(seen).toEqual(seed.talks);
  });

  it('returns an empty page past the end', () => {
    expect(talks.list({ offset: TALK_COUNT, limit: 10 })).toEqual({ items: [], total: TALK_COUNT });
  });

  it('rejects a negative limit', () => {
    expect(() => talks.list({ offset: 0, limit: -1 })).toThrow(RangeError);
  });
});

describe('TalkRepository.fetch', () => {
  it('returns the stored record, or undefined for an unknown id', () => {
    expect(talks.fetch(TALK_COUNT)).toEqual(seed.talks[TALK_COUNT - 1]);
    expect(talks.fetch(TALK_COUNT + 1)).toBeUndefined();
  });
});

describe('TalkRepository.talksOf', () => {
  it('returns the talks of a speaker in programme order', () => {
    for (const speaker of seed.speakers) {
      const expected = seed.links
        .filter((link) => link.speaker_id === speaker.id)
        .map((link) => seed.talks[link.talk_id - 1]);
      const byProgramme = (a?: Talk, b?: Talk) =>
        `${a?.day} ${a?.start_time}`.localeCompare(`${b?.day} ${b?.start_time}`) ||
        (a?.id ?? 0) - (b?.id ?? 0);
      expect(talks.talksOf(speaker.id)).toEqual(expected.sort(byProgramme));
    }
  });

  it('sorts by day and time, not by id, and puts unscheduled talks last', () => {
    const late = talks.create({ ...NEW_TALK, day: '2027-05-17', speakerIds: [1] });
    const unscheduled = talks.create({ title: 'Someday', speakerIds: [1] });
    const result = talks.talksOf(1).map((t) => t.id);
    expect(result[0]).toBe(late.id);
    expect(result.at(-1)).toBe(unscheduled.id);
  });

  it('returns an empty list for an unknown speaker', () => {
    expect(talks.talksOf(9999)).toEqual([]);
  });
});

describe('TalkRepository.talkCounts', () => {
  it('counts the talks of each speaker asked for, as talksOf lists them, 0 for none', () => {
    const ids = [...seed.speakers.map((speaker) => speaker.id), 9999];
    const counts = talks.talkCounts(ids);
    expect([...counts.keys()]).toEqual(ids);
    for (const id of ids) expect(counts.get(id), `speaker ${id}`).toBe(talks.talksOf(id).length);
    expect(counts.get(9999)).toBe(0);
  });
});

describe('TalkRepository.talkIdsOf', () => {
  it('lists the talk ids of each speaker asked for, in the order of talksOf, [] for none', () => {
    const ids = [...seed.speakers.map((speaker) => speaker.id), 9999];
    const talkIds = talks.talkIdsOf(ids);
    expect([...talkIds.keys()]).toEqual(ids);
    for (const id of ids) {
      expect(talkIds.get(id), `speaker ${id}`).toEqual(talks.talksOf(id).map((talk) => talk.id));
    }
    expect(talkIds.get(9999)).toEqual([]);
  });
});

describe('TalkRepository.create', () => {
  it('stores a talk and links its speakers, counting repeated ids once', () => {
    const created = talks.create({ ...NEW_TALK, speakerIds: [3, 1, 3] });
    expect(created).toEqual({ id: TALK_COUNT + 1, ...NEW_TALK });
    expect(talks.fetch(created.id)).toEqual(created);
    expect(speakerIdsOf(created.id)).toEqual([1, 3]);
  });

  it('stores omitted fields as NULL and links nobody without speakerIds', () => {
    const created = talks.create({});
    expect(created).toEqual({
      id: TALK_COUNT + 1,
      title: null,
      abstract: null,
      day: null,
      start_time: null,
    });
    expect(speakerIdsOf(created.id)).toEqual([]);
  });

  it('rejects unknown speakers and writes nothing, not even the talk', () => {
    expectRejectedWrite(
      () => talks.create({ ...NEW_TALK, speakerIds: [1, 9999, 8888, 9999] }),
      [9999, 8888],
    );
  });
});

describe('TalkRepository.update', () => {
  it('replaces every field, clearing omitted ones, and keeps the speakers', () => {
    const speakersBefore = speakerIdsOf(2);
    expect(talks.update(2, { title: 'Renamed' })).toEqual({
      id: 2,
      title: 'Renamed',
      abstract: null,
      day: null,
      start_time: null,
    });
    expect(speakerIdsOf(2)).toEqual(speakersBefore);
  });

  it('replaces the speakers when speakerIds is given', () => {
    talks.update(2, { ...NEW_TALK, speakerIds: [5, 6] });
    expect(speakerIdsOf(2)).toEqual([5, 6]);
    talks.update(2, { ...NEW_TALK, speakerIds: [] });
    expect(speakerIdsOf(2)).toEqual([]);
  });

  it('rejects unknown speakers and changes neither fields nor links', () => {
    expectRejectedWrite(() => talks.update(2, { title: 'Changed', speakerIds: [1, 9999] }), [9999]);
  });

  it('returns undefined for an unknown id and writes nothing', () => {
    const before = dumpDatabase(db);
    expect(talks.update(9999, { ...NEW_TALK, speakerIds: [1] })).toBeUndefined();
    expect(dumpDatabase(db)).toEqual(before);
  });
});

describe('TalkRepository.patch', () => {
  it('changes only the fields it is given and keeps the speakers', () => {
    const speakersBefore = speakerIdsOf(3);
    expect(talks.patch(3, { title: 'Renamed', day: null })).toEqual({
      ...seed.talks[2],
      title: 'Renamed',
      day: null,
    });
    expect(speakerIdsOf(3)).toEqual(speakersBefore);
  });

  it('replaces the speakers when speakerIds is given, keeping the fields', () => {
    expect(talks.patch(3, { speakerIds: [7] })).toEqual(seed.talks[2]);
    expect(speakerIdsOf(3)).toEqual([7]);
  });

  it('ignores fields that are not columns', () => {
    const patched = talks.patch(3, { id: 4, title: 'Three' } as TalkInput);
    expect(patched?.id).toBe(3);
    expect(talks.fetch(4)).toEqual(seed.talks[3]);
  });

  it('rejects unknown speakers and changes nothing', () => {
    expectRejectedWrite(() => talks.patch(3, { title: 'Changed', speakerIds: [0] }), [0]);
  });

  it('returns undefined for an unknown id', () => {
    expect(talks.patch(9999, { title: 'Nothing' })).toBeUndefined();
  });
});

describe('TalkRepository.delete', () => {
  it('deletes the talk and its links, but not its speakers', () => {
    const speakerIds = speakerIdsOf(1);
    expect(talks.delete(1)).toBe(true);
    expect(talks.fetch(1)).toBeUndefined();
    expect(speakerIdsOf(1)).toEqual([]);
    for (const id of speakerIds) expect(speakers.fetch(id)).toBeDefined();
  });

  it('returns false when there is nothing to delete', () => {
    expect(talks.delete(9999)).toBe(false);
  });
});
