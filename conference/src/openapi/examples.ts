import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { generateConferenceSeed, type Speaker, type Talk } from '@hyperpipe/catalogue';
import type { RestResourceConfig } from 'hyperpipe/rest';

/** The origin of the examples' links: where `npm run serve` listens unless PORT says otherwise. */
export const EXAMPLE_ORIGIN = 'http://localhost:8800';

type Json = Record<string, unknown>;

/** The examples of one entity kind: an entity, maybe a page of the collection, and bodies. */
export interface KindExamples {
  entity: Json;
  page?: Json;
  /** A body of POST and PUT. */
  input: Json;
  /** A body of PATCH. */
  patch: Json;
}

/** Finds the example of an entity kind for a use, as a reference to its component. */
export type ExampleOf = (kind: string, use: keyof KindExamples) => { $ref: string } | undefined;

/** Each use's component name after the kind's, and what its summary says. */
const USES: Readonly<Record<keyof KindExamples, { suffix: string; summary: string }>> = {
  entity: { suffix: '', summary: 'An entity of the seeded catalogue' },
  page: { suffix: 'Page', summary: 'The last page of the seeded catalogue' },
  input: { suffix: 'Input', summary: 'A body with an entity of the seeded catalogue' },
  patch: { suffix: 'Patch', summary: 'A body with a field of the seeded catalogue' },
};

/**
 * Registers the {@link seedExamples} as components of the document (`SpeakerV2Page`…), each
 * written once however many operations and media types show it.
 */
export function registerExamples(
  registry: OpenAPIRegistry,
  rest: Readonly<Record<string, RestResourceConfig>>,
): ExampleOf {
  const refs = new Map<string, { $ref: string }>();
  for (const [kind, examples] of Object.entries(seedExamples(rest))) {
    for (const [use, value] of Object.entries(examples)) {
      const { suffix, summary } = USES[use as keyof KindExamples];
      registry.registerComponent('examples', `${kind}${suffix}`, { summary, value });
      refs.set(`${kind} ${use}`, { $ref: `#/components/examples/${kind}${suffix}` });
    }
  }
  return (kind, use) => refs.get(`${kind} ${use}`);
}

/**
 * Examples of the representations and bodies of each entity kind, taken from the seeded
 * catalogue: its first talk, that talk's first speaker, the last page of speakers (the
 * shortest). They are rendered here as the API renders them on a freshly seeded catalogue,
 * and a test compares them with the API's answers.
 *
 * @param rest - the `rest` entries: the path of each kind, and its `links` hook
 */
function seedExamples(
  rest: Readonly<Record<string, RestResourceConfig>>,
): Record<string, KindExamples> {
  const entries = new Map(Object.values(rest).map((entry) => [entry.entity, entry]));
  const href = (kind: string, id: unknown) => ({
    href: `${EXAMPLE_ORIGIN}${entries.get(kind)?.path}/${id}`,
  });
  const seed = generateConferenceSeed();
  const gives = (speaker: Speaker, talk: Talk) =>
    seed.links.some((link) => link.speaker_id === speaker.id && link.talk_id === talk.id);
  const talksOf = (speaker: Speaker) =>
    inProgrammeOrder(seed.talks.filter((t) => gives(speaker, t)));
  const speakersOf = (talk: Talk) => seed.speakers.filter((speaker) => gives(speaker, talk));

  // Each version links its own kinds: a version 2 talk, its version 2 speakers.
  const talkSummaryIn = (kind: string, speakerKind: string) => (talk: Talk) => ({
    _links: {
      self: href(kind, talk.id),
      speakers: speakersOf(talk).map((one) => href(speakerKind, one.id)),
    },
    ...talk,
  });
  const talkSummary = talkSummaryIn('Talk', 'Speaker');
  const talkSummaryV2 = talkSummaryIn('TalkV2', 'SpeakerV2');
  const speakerSummary = (speaker: Speaker) => ({
    _links: {
      self: href('Speaker', speaker.id),
      talks: talksOf(speaker).map((talk) => href('Talk', talk.id)),
    },
    ...speaker,
  });
  // Version 2: the handle becomes the links its `links` hook makes, and the talks are counted.
  const speakerSummaryV2 = (speaker: Speaker) => {
    const { twitter: _hidden, ...fields } = speaker;
    const links = entries
      .get('SpeakerV2')
      ?.links?.({ ...speaker }, (kind, one) => href(kind, one.id).href);
    const talks = talksOf(speaker);
    return {
      _links: {
        self: href('SpeakerV2', speaker.id),
        talks: talks.map((talk) => href('TalkV2', talk.id)),
        ...links,
      },
      ...fields,
      talk_count: talks.length,
    };
  };

  const talk = seed.talks[0] as Talk;
  const speaker = speakersOf(talk)[0] as Speaker;
  const talksEmbedded = { _embedded: { talks: talksOf(speaker).map(talkSummary) } };
  const talksEmbeddedV2 = { _embedded: { talks: talksOf(speaker).map(talkSummaryV2) } };
  const { id: _id, ...speakerBody } = speaker;
  const { id: _talkId, ...talkFields } = talk;
  const speakerBodies = { input: speakerBody, patch: { twitter: speaker.twitter } };
  const talkBodies = {
    input: { ...talkFields, speakers: speakersOf(talk).map((one) => one.id) },
    patch: { start_time: talk.start_time },
  };
  return {
    Speaker: {
      entity: { ...speakerSummary(speaker), ...talksEmbedded },
      page: lastPageOfSpeakers('Speaker', seed.speakers, speakerSummary),
      ...speakerBodies,
    },
    SpeakerV2: {
      entity: { ...speakerSummaryV2(speaker), ...talksEmbeddedV2 },
      page: lastPageOfSpeakers('SpeakerV2', seed.speakers, speakerSummaryV2),
      ...speakerBodies,
    },
    Talk: {
      entity: {
        ...talkSummary(talk),
        _embedded: { speakers: speakersOf(talk).map(speakerSummary) },
      },
      ...talkBodies,
    },
    TalkV2: {
      entity: {
        ...talkSummaryV2(talk),
        _embedded: { speakers: speakersOf(talk).map(speakerSummaryV2) },
      },
      ...talkBodies,
    },
  };

  /** The last page of speakers: its links, its counts and its speakers. */
  function lastPageOfSpeakers(
    kind: string,
    speakers: readonly Speaker[],
    summary: (speaker: Speaker) => Json,
  ): Json {
    const collection = `${EXAMPLE_ORIGIN}${entries.get(kind)?.path}`;
    const pageSize = entries.get(kind)?.pageSize ?? 25;
    const pageCount = Math.ceil(speakers.length / pageSize);
    const items = speakers.slice((pageCount - 1) * pageSize);
    const page = (number: number) => ({ href: `${collection}?page=${number}` });
    return {
      _links: {
        self: page(pageCount),
        first: { href: collection },
        prev: page(pageCount - 1),
        last: page(pageCount),
      },
      count: items.length,
      total: speakers.length,
      page: pageCount,
      page_count: pageCount,
      page_size: pageSize,
      _embedded: { speakers: items.map(summary) },
    };
  }
}

/** Talks as the catalogue lists a speaker's: by day, then start time, then id. */
function inProgrammeOrder(talks: readonly Talk[]): Talk[] {
  const key = (talk: Talk) => `${talk.day ?? '~'} ${talk.start_time ?? '~'}`;
  return [...talks].sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id);
}
