import { createDeck } from './deck.ts';
import type { SeededRandom } from './seededRandom.ts';
import type { TalkTopic } from './talkTopics.ts';
import { upperFirst } from './textCase.ts';

// Ways to finish a title of the form "<Subject>: …".
const SUBTITLES = [
  'a field guide',
  'the missing manual',
  'lessons from production',
  'what the specification actually says',
  'patterns and anti-patterns',
  'the good parts',
  'an honest retrospective',
  'myths and facts',
  'a practical introduction',
  'beyond the basics',
];

const AUDIENCES = [
  'small teams',
  'public APIs',
  'mobile clients',
  'the edge',
  'legacy systems',
  'tired developers',
];

type TitlePattern = (subject: string, random: SeededRandom) => string;

// Each pattern receives the subject as written mid-sentence; the title's first letter is raised later.
const TITLE_PATTERNS: readonly TitlePattern[] = [
  (s, random) => `${s}: ${random.pick(SUBTITLES)}`,
  (s) => `${s} in practice`,
  (s) => `${s} at scale`,
  (s) => `${s} without tears`,
  (s) => `${s}, the boring way`,
  (s) => `${s} by example`,
  (s) => `${s}, revisited`,
  (s) => `${s} for the rest of us`,
  (s) => `${s} in 25 minutes`,
  (s) => `${s}, from first principles`,
  (s) => `The hidden cost of ${s}`,
  (s) => `The case for ${s}`,
  (s, random) => `What ${random.integer(3, 12)} years of ${s} taught us`,
  (s, random) => `${random.pick([3, 5, 7, 10])} things I wish I knew about ${s}`,
  (s, random) => `Rethinking ${s} for ${random.pick(AUDIENCES)}`,
  (s) => `A pragmatic guide to ${s}`,
  (s) => `Everything you never wanted to know about ${s}`,
  (s) => `Getting ${s} right the first time`,
  (s) => `Why you should care about ${s}`,
  (s) => `Taming ${s}`,
  (s) => `Living with ${s}`,
  (s) => `Stop fearing ${s}`,
  (s) => `Still getting ${s} wrong?`,
];

/**
 * Creates a title maker that never repeats a title and uses each pattern about equally often.
 */
export function createTitleMaker(random: SeededRandom): (topic: TalkTopic) => string {
  const used = new Set<string>();
  const nextPattern = createDeck(TITLE_PATTERNS, random);
  return (topic) => {
    // A topic's hand-written titles are the most characterful, so they usually come first.
    const ownTitle = topic.titles.find((title) => !used.has(title));
    const useOwnTitle = ownTitle !== undefined && random.chance(0.7);
    for (let attempt = 0; attempt < 100; attempt++) {
      const title =
        useOwnTitle && attempt === 0 ? ownTitle : upperFirst(nextPattern()(topic.subject, random));
      if (!used.has(title)) {
        used.add(title);
        return title;
      }
    }
    throw new Error(`Ran out of titles for ${topic.subject}`);
  };
}
