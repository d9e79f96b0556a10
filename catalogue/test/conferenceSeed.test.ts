import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openConnection } from '../src/connection.ts';
import { applySchema, generateConferenceSeed, type TalkSpeakerLink } from '../src/index.ts';
import { insertSeed } from '../src/seed/insertSeed.ts';
import { KEYNOTE_TIME } from '../src/seed/programme.ts';

const seed = generateConferenceSeed();
const DAY_MS = 24 * 60 * 60 * 1000;

function countBy(links: readonly TalkSpeakerLink[], key: keyof TalkSpeakerLink) {
  const counts = new Map<number, number>();
  for (const link of links) counts.set(link[key], (counts.get(link[key]) ?? 0) + 1);
  return counts;
}

function sentenceCount(text: string): number {
  return text.split(/(?<=[.!?])\s+/).length;
}

describe('the conference seed', () => {
  it('has 70–80 speakers, 120–130 talks, with contiguous ids from 1', () => {
    expect(seed.speakers.length).toBeGreaterThanOrEqual(70);
    expect(seed.speakers.length).toBeLessThanOrEqual(80);
    expect(seed.talks.length).toBeGreaterThanOrEqual(120);
    expect(seed.talks.length).toBeLessThanOrEqual(130);
    expect(seed.speakers.map((s) => s.id)).toEqual(seed.speakers.map((_, i) => i + 1));
    expect(seed.talks.map((t) => t.id)).toEqual(seed.talks.map((_, i) => i + 1));
  });

  it('spreads the talks over four consecutive days', () => {
    const days = [...new Set(seed.talks.map((t) => t.day))].sort();
    expect(days).toHaveLength(4);
    const times = days.map((day) => Date.parse(`${day}T00:00:00Z`));
    for (let i = 1; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBe(DAY_MS);
    }
    for (const day of days) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('starts talks at HH:MM times between 09:00 and 17:30', () => {
    for (const { start_time } of seed.talks) {
      expect(start_time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(start_time !== null && start_time >= '09:00' && start_time <= '17:30').toBe(true);
    }
  });

  it('gives every talk one to three speakers, and keynotes exactly one, but the last talk none', () => {
    const speakersPerTalk = countBy(seed.links, 'talk_id');
    const last = seed.talks.at(-1);
    expect(speakersPerTalk.has(last?.id ?? 0), 'the closing panel has no speakers yet').toBe(false);
    for (const talk of seed.talks.slice(0, -1)) {
      const count = speakersPerTalk.get(talk.id) ?? 0;
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(talk.start_time === KEYNOTE_TIME ? 1 : 3);
    }
    expect(new Set(speakersPerTalk.values())).toEqual(new Set([1, 2, 3]));
  });

  it('gives every speaker one to four talks', () => {
    const talksPerSpeaker = countBy(seed.links, 'speaker_id');
    for (const speaker of seed.speakers) {
      const count = talksPerSpeaker.get(speaker.id) ?? 0;
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(4);
    }
  });

  it('links only existing rows, each pair once', () => {
    const pairs = seed.links.map((l) => `${l.talk_id}/${l.speaker_id}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const link of seed.links) {
      expect(link.talk_id).toBeGreaterThanOrEqual(1);
      expect(link.talk_id).toBeLessThanOrEqual(seed.talks.length);
      expect(link.speaker_id).toBeGreaterThanOrEqual(1);
      expect(link.speaker_id).toBeLessThanOrEqual(seed.speakers.length);
    }
  });

  it('has unique names of at most 80 characters in many scripts', () => {
    const names = seed.speakers.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(80);
    const some = (pattern: RegExp) => names.some((name) => pattern.test(name));
    expect(some(/'/)).toBe(true);
    // Latin letters beyond ASCII, such as ë, ł or ễ.
    expect(some(/(?=\p{Script=Latin})\P{ASCII}/u)).toBe(true);
    for (const script of ['Han', 'Hangul', 'Greek', 'Cyrillic', 'Arabic']) {
      expect(some(new RegExp(`\\p{Script=${script}}`, 'u'))).toBe(true);
    }
  });

  it('gives some speakers no web site or Twitter handle, and valid ones to the others', () => {
    expect(seed.speakers.some((s) => s.url === null)).toBe(true);
    expect(seed.speakers.some((s) => s.twitter === null)).toBe(true);
    expect(seed.speakers.some((s) => s.url !== null && s.twitter !== null)).toBe(true);
    for (const { url, twitter } of seed.speakers) {
      if (url !== null) {
        expect(url.length).toBeLessThanOrEqual(255);
        expect(new URL(url).protocol).toBe('https:');
      }
      if (twitter !== null) expect(twitter).toMatch(/^@\w{1,15}$/);
    }
    const urls = seed.speakers.flatMap((s) => (s.url === null ? [] : [s.url]));
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('has unique titles and abstracts of two to five sentences', () => {
    const titles = seed.talks.map((t) => t.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const { title, abstract } of seed.talks) {
      expect(title?.length).toBeGreaterThan(5);
      expect(sentenceCount(abstract ?? '')).toBeGreaterThanOrEqual(2);
      expect(sentenceCount(abstract ?? '')).toBeLessThanOrEqual(5);
    }
    expect(new Set(seed.talks.map((t) => t.abstract)).size).toBe(seed.talks.length);
  });

  it('is the same on every call', () => {
    expect(generateConferenceSeed()).toEqual(seed);
    expect(generateConferenceSeed(1)).not.toEqual(seed);
  });

  it('builds byte-identical databases', () => {
    const build = () => {
      const db = openConnection(':memory:');
      applySchema(db);
      insertSeed(db, generateConferenceSeed());
      const bytes = db.serialize();
      db.close();
      return bytes;
    };
    expect(build().equals(build())).toBe(true);
  });

  // A tripwire: any change to the generator or its building blocks changes the whole
  // conference. If the change is intended, update this fingerprint in the same commit.
  it('matches the pinned fingerprint on every machine', () => {
    const fingerprint = createHash('sha256').update(JSON.stringify(seed)).digest('hex');
    expect(fingerprint).toBe('7e2924c71db27d79d1bdbc0176009576b21e523e4b38e9851b7dada6e5acc0bc');
  });
});
