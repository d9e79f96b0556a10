import type { Talk } from '../talk.ts';
import { generateAbstract } from './abstractSentences.ts';
import { createDeck } from './deck.ts';
import { KEYNOTES, type Keynote } from './keynotes.ts';
import { CONFERENCE_DAYS, programmeSlots } from './programme.ts';
import type { SeededRandom } from './seededRandom.ts';
import { createTitleMaker } from './talkTitles.ts';
import { TALK_TOPICS, type TalkTopic } from './talkTopics.ts';

/**
 * Invents one talk for every slot of the programme, with ids from 1 upwards in
 * chronological order, so that listing talks by id reads like the printed programme.
 *
 * @param random - the seeded generator; the same state gives the same talks
 */
export function generateTalks(random: SeededRandom): Talk[] {
  // Dealing topics like cards uses every topic about equally often.
  const nextTopic = createDeck(TALK_TOPICS, random);
  const makeTitle = createTitleMaker(random);
  const inventTalk = (topic: TalkTopic) => ({
    title: makeTitle(topic),
    abstract: generateAbstract(topic, random),
  });
  return programmeSlots().map((slot, index) => {
    const { title, abstract } = slot.keynote ? keynoteOf(slot.day) : inventTalk(nextTopic());
    return { id: index + 1, title, abstract, day: slot.day, start_time: slot.startTime };
  });
}

function keynoteOf(day: string): Keynote {
  const keynote = KEYNOTES[CONFERENCE_DAYS.indexOf(day)];
  if (keynote === undefined) throw new Error(`No keynote is written for ${day}`);
  return keynote;
}
