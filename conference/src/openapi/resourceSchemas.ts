import { z } from 'zod';
import { speakerInput, speakerPatch } from '../Conference/V1/Rest/Speaker/speakerInput.ts';
import { talkInput, talkPatch } from '../Conference/V1/Rest/Talk/talkInput.ts';
import { KEPT_WHEN_OMITTED } from './keptWhenOmitted.ts';

/**
 * What the code of one REST resource takes and gives, which its `rest` entry cannot say:
 * the schemas its methods validate bodies with, and the fields its entities have beyond
 * those of the body.
 */
export interface ResourceSchemas {
  /** The body of POST and PUT, the schema the resource validates it with. */
  input: z.ZodObject;
  /** The body of PATCH. */
  patch: z.ZodObject;
  /**
   * Fields of an entity that are not in the body, or differ from it. Every field of the
   * body is in the entity too, always present, unless the `rest` entry embeds or hides it.
   */
  state: z.ZodRawShape;
  /** Relations the entry's `links` hook may add besides `self`. */
  links?: readonly string[];
}

/**
 * An id: a positive integer of at most 15 digits, as the `rest` entries' identifierPattern
 * allows. The same schema types the `id` field and the path parameter, so a client
 * generated from the document has one type for both.
 */
export const id = z.int().min(1).max(999_999_999_999_999);

// Both versions of the speaker take the same PATCH; version 2's PUT keeps `twitter` when
// the body leaves it out, for its representation shows it only as a link.
const speakerBodies = {
  input: speakerInput.meta({ id: 'SpeakerInput' }),
  patch: speakerPatch.meta({ id: 'SpeakerPatch' }),
};
const speakerInputV2 = speakerInput.extend({
  twitter: speakerInput.shape.twitter.meta(KEPT_WHEN_OMITTED),
});
const speakerBodiesV2 = { ...speakerBodies, input: speakerInputV2.meta({ id: 'SpeakerInputV2' }) };

// Both versions of the talk take the same bodies too; a PUT keeps the speakers it leaves out.
const talkBodies = {
  input: talkInput
    .extend({ speakers: talkInput.shape.speakers.meta(KEPT_WHEN_OMITTED) })
    .meta({ id: 'TalkInput' }),
  patch: talkPatch.meta({ id: 'TalkPatch' }),
};

// The catalogue's column allows a talk without a title, which no request can write.
const untitled = { title: talkInput.shape.title.nullable() };

/** The schemas of each resource, by the name of its `rest` entry. */
export const RESOURCE_SCHEMAS: Readonly<Record<string, ResourceSchemas>> = {
  'Conference.V1.Speaker': { ...speakerBodies, state: { id } },
  'Conference.V1.Talk': { ...talkBodies, state: { id, ...untitled } },
  'Conference.V2.Speaker': {
    ...speakerBodiesV2,
    state: { id, talk_count: z.int().nonnegative() },
    links: ['twitter'],
  },
  'Conference.V2.Talk': { ...talkBodies, state: { id, ...untitled } },
};
