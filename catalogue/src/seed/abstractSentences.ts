import type { SeededRandom } from './seededRandom.ts';
import type { TalkTopic } from './talkTopics.ts';

// Systems the examples of a talk come from; invented, like everything else in the seed.
const EXAMPLE_SYSTEMS = [
  'a national rail timetable service',
  'a bakery’s online ordering system',
  'a hospital appointment system',
  'a public library catalogue',
  'a weather data API',
  'a concert ticketing platform',
  'a bank’s open API',
  'a museum collection API',
  'an online grocery store',
  'a city’s open-data portal',
  'a multiplayer game backend',
  'a newsroom publishing pipeline',
  'a school timetabling app',
  'a bicycle-sharing scheme',
];

type Sentence = (topic: TalkTopic, random: SeededRandom) => string;

// The first sentence states a problem the audience will recognise.
const OPENINGS: readonly Sentence[] = [
  (t) => `Every API eventually runs into ${t.problem}.`,
  (t) => `It all seems simple with ${t.subject}, until you meet ${t.problem}.`,
  (t) => `Most teams discover ${t.problem} only after their first big launch.`,
  (t) => `If you have ever been paged because of ${t.problem}, this talk is for you.`,
  (t) => `Ask ten engineers about ${t.subject} and at least one will mention ${t.problem}.`,
];

// The second sentence says what the talk does about it.
const APPROACHES: readonly Sentence[] = [
  (t, r) => `This talk walks through ${t.practice}, with examples from ${r.pick(EXAMPLE_SYSTEMS)}.`,
  (t) => `We build up ${t.practice} step by step, starting from an empty file.`,
  (t, r) =>
    `Drawing on ${r.integer(2, 9)} years of running ${r.pick(EXAMPLE_SYSTEMS)}, we show how ${t.practice} changed the way the team ships.`,
  (t, r) =>
    `Using ${r.pick(EXAMPLE_SYSTEMS)} as a running example, we look at ${t.practice}, including where the usual advice breaks down.`,
  (t) => `You will see ${t.practice} applied to a real codebase, with every request on screen.`,
];

// Optional middle sentences: colour that does not depend on the subject.
const DETAILS: readonly Sentence[] = [
  () => 'Expect live code in TypeScript and a generous amount of curl.',
  () => 'No framework is required: everything shown works with the standard library.',
  () => 'We also cover the failure modes that the documentation tends to leave out.',
  () => 'The examples are small enough to fit on a slide but come straight from production.',
  () => 'There will be time for questions, and probably for a few confessions.',
  () => 'Benchmarks are included, along with an honest account of what they do not measure.',
  (t) => `The talk assumes some familiarity with HTTP but no prior knowledge of ${t.subject}.`,
  () => 'Slides, code and a list of further reading will be published after the session.',
];

// The last sentence, when there is one, says what the audience takes home.
const CLOSINGS: readonly Sentence[] = [
  (t) => `You will leave with ${t.outcome}.`,
  (t) => `By the end you should have ${t.outcome}.`,
  (t) => `The goal: ${t.outcome}.`,
  (t) => `Come for the war stories, stay for ${t.outcome}.`,
];

/**
 * Writes an abstract of two to five sentences about a topic: a problem, the talk's approach,
 * up to two details, and usually a closing promise.
 */
export function generateAbstract(topic: TalkTopic, random: SeededRandom): string {
  const details = random.shuffle(DETAILS).slice(0, random.integer(0, 2));
  const closings = random.chance(0.75) ? [random.pick(CLOSINGS)] : [];
  const sentences = [random.pick(OPENINGS), random.pick(APPROACHES), ...details, ...closings];
  return sentences.map((sentence) => sentence(topic, random)).join(' ');
}
