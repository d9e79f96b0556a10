import type { Speaker } from '../speaker.ts';
import type { Talk } from '../talk.ts';
import type { TalkSpeakerLink } from '../talkSpeakerLink.ts';
import { KEYNOTE_TIME } from './programme.ts';
import type { SeededRandom } from './seededRandom.ts';

/** The most talks one speaker gives; a conference wants many voices. */
export const MAX_TALKS_PER_SPEAKER = 4;

/**
 * Decides who gives which talk.
 *
 * Every talk gets one to three speakers (keynotes exactly one) and every speaker gets one to
 * {@link MAX_TALKS_PER_SPEAKER} talks. First each speaker takes one seat, which guarantees
 * nobody is left out; then the remaining seats go to random speakers with room to spare.
 *
 * @returns the links, ordered by talk id and then speaker id
 */
export function assignSpeakers(
  talks: readonly Talk[],
  speakers: readonly Speaker[],
  random: SeededRandom,
): TalkSpeakerLink[] {
  const seats = random.shuffle(talks.flatMap((talk) => seatsOf(talk, random)));
  if (seats.length < speakers.length || seats.length > speakers.length * MAX_TALKS_PER_SPEAKER) {
    throw new Error(`${seats.length} seats cannot be shared fairly by ${speakers.length} speakers`);
  }
  const speakerIds = random.shuffle(speakers.map((speaker) => speaker.id));
  const links: TalkSpeakerLink[] = speakerIds.map((speakerId, seat) => ({
    talk_id: seats[seat] as number,
    speaker_id: speakerId,
  }));
  for (const talkId of seats.slice(speakerIds.length)) {
    const speakerId = random.pick(availableSpeakers(talkId, speakerIds, links));
    links.push({ talk_id: talkId, speaker_id: speakerId });
  }
  return links.sort((a, b) => a.talk_id - b.talk_id || a.speaker_id - b.speaker_id);
}

// Speakers with room for another talk who are not already on this one.
function availableSpeakers(
  talkId: number,
  speakerIds: readonly number[],
  links: readonly TalkSpeakerLink[],
): number[] {
  return speakerIds.filter((speakerId) => {
    const theirs = links.filter((link) => link.speaker_id === speakerId);
    return theirs.length < MAX_TALKS_PER_SPEAKER && !theirs.some((link) => link.talk_id === talkId);
  });
}

// One seat per speaker of the talk: most talks have one speaker, some two, a few three.
function seatsOf(talk: Talk, random: SeededRandom): number[] {
  const roll = random.next();
  const count = talk.start_time === KEYNOTE_TIME || roll < 0.68 ? 1 : roll < 0.92 ? 2 : 3;
  return Array.from({ length: count }, () => talk.id);
}
