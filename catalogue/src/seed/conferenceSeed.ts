import type { Speaker } from '../speaker.ts';
import type { Talk } from '../talk.ts';
import type { TalkSpeakerLink } from '../talkSpeakerLink.ts';
import { assignSpeakers } from './assignSpeakers.ts';
import { generateSpeakers } from './generateSpeakers.ts';
import { generateTalks } from './generateTalks.ts';
import { CONFERENCE_DAYS } from './programme.ts';
import { createSeededRandom } from './seededRandom.ts';

/**
 * The seed of the generator. Changing it, or any of the building blocks, changes the whole
 * conference, so the tests pin a fingerprint of the result.
 */
export const CONFERENCE_SEED = 20270518;

/** Every row of an invented conference, ready to insert. */
export interface ConferenceSeed {
  /** The rows of the `speakers` table, ids 1 to n. */
  readonly speakers: readonly Speaker[];
  /** The rows of the `talks` table, ids 1 to n in programme order. */
  readonly talks: readonly Talk[];
  /** The rows of the `talks_speakers` table, ordered by talk id and then speaker id. */
  readonly links: readonly TalkSpeakerLink[];
}

/**
 * Generates the invented conference: the same rows on every call, machine and Node version.
 *
 * @param seed - a different seed gives a different conference of the same shape
 */
export function generateConferenceSeed(seed: number = CONFERENCE_SEED): ConferenceSeed {
  const random = createSeededRandom(seed);
  const speakers = generateSpeakers(random);
  const talks = generateTalks(random);
  const links = assignSpeakers(talks, speakers, random);
  return { speakers, talks: [...talks, closingPanel(talks.length + 1)], links };
}

/**
 * A talk whose speakers are not announced yet: with it the catalogue shows a talk with no
 * speakers, whose representation still embeds its (empty) list. Added after the random
 * draws, so every other row stays as it was.
 */
function closingPanel(id: number): Talk {
  return {
    id,
    title: 'Closing panel: what this week taught us',
    abstract:
      'The organisers and a few of this week’s speakers look back on the conference and answer ' +
      'your questions. Who sits on the panel is announced on the day.',
    day: CONFERENCE_DAYS.at(-1) ?? null,
    start_time: '17:30',
  };
}
