import { afterAll, describe, expect, it } from 'vitest';
import { createInMemoryCatalogue, existingSpeakerIds, missingSpeakerIds } from '../src/index.ts';

const db = createInMemoryCatalogue();
afterAll(() => db.close());

describe('existingSpeakerIds', () => {
  it('returns the ids that belong to a speaker, ascending and without repeats', () => {
    expect(existingSpeakerIds(db, [5, 9999, 2, 5, 0, -1, 1.5])).toEqual([2, 5]);
  });

  it('returns an empty list for no ids', () => {
    expect(existingSpeakerIds(db, [])).toEqual([]);
  });
});

describe('missingSpeakerIds', () => {
  it('returns the unknown ids once each, in the order given', () => {
    expect(missingSpeakerIds(db, [9999, 1, 8888, 9999, 2])).toEqual([9999, 8888]);
    expect(missingSpeakerIds(db, [1, 2, 3])).toEqual([]);
  });
});
