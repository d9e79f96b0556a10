// The response schemas of the Fastify peers (halFastify.ts, halFastifyPlugins.ts), written as a
// Fastify user writes them: JSON Schema of the documents halDocuments.ts builds, from which
// Fastify compiles each route's serializer once (fast-json-stringify) instead of calling
// `JSON.stringify`. Such a serializer leaves out any property the schema does not name, and
// writes the required ones first, then the others, each in the schema's order: the order here
// is the documents' own, which the byte comparison (verify.ts) holds to the conference API's,
// and every field is required, as it is always present (null when unset).
import { MEDIA_TYPES, V2 } from './halPeerFeatures.ts';

const link = {
  type: 'object',
  properties: { href: { type: 'string' }, title: { type: 'string' } },
  required: ['href'],
} as const;
const links = { type: 'array', items: link } as const;
/** A column the catalogue allows to be empty. */
const nullableString = { type: ['string', 'null'] } as const;

/** A talk as a speaker embeds it, in either version. */
const talk = {
  type: 'object',
  properties: {
    _links: {
      type: 'object',
      properties: { self: link, speakers: links },
      required: ['self', 'speakers'],
    },
    id: { type: 'integer' },
    title: nullableString,
    abstract: nullableString,
    day: nullableString,
    start_time: nullableString,
  },
  required: ['_links', 'id', 'title', 'abstract', 'day', 'start_time'],
} as const;

/** A speaker as a page lists it: version 1 shows the Twitter handle as a field. */
const speakerV1 = {
  type: 'object',
  properties: {
    _links: {
      type: 'object',
      properties: { self: link, talks: links },
      required: ['self', 'talks'],
    },
    id: { type: 'integer' },
    name: { type: 'string' },
    url: nullableString,
    twitter: nullableString,
  },
  required: ['_links', 'id', 'name', 'url', 'twitter'],
} as const;

/** Version 2 links to the Twitter profile instead, and counts the talks. */
const speakerV2 = {
  type: 'object',
  properties: {
    _links: {
      type: 'object',
      properties: { self: link, talks: links, twitter: link },
      required: ['self', 'talks'],
    },
    id: { type: 'integer' },
    name: { type: 'string' },
    url: nullableString,
    talk_count: { type: 'integer' },
  },
  required: ['_links', 'id', 'name', 'url', 'talk_count'],
} as const;

/** A speaker with their talks embedded: `GET /speaker/{id}`. */
const entityOf = (speaker: typeof speakerV1 | typeof speakerV2) => ({
  ...speaker,
  properties: {
    ...speaker.properties,
    _embedded: {
      type: 'object',
      properties: { talks: { type: 'array', items: talk } },
      required: ['talks'],
    },
  },
  required: [...speaker.required, '_embedded'],
});

/** A page of speakers: `GET /speaker?page=N`. */
const pageOf = (speaker: typeof speakerV1 | typeof speakerV2) => ({
  type: 'object',
  properties: {
    _links: {
      type: 'object',
      properties: { self: link, first: link, prev: link, next: link, last: link },
      required: ['self'],
    },
    count: { type: 'integer' },
    total: { type: 'integer' },
    page: { type: 'integer' },
    page_count: { type: 'integer' },
    page_size: { type: 'integer' },
    _embedded: {
      type: 'object',
      properties: { speakers: { type: 'array', items: speaker } },
      required: ['speakers'],
    },
  },
  required: ['_links', 'count', 'total', 'page', 'page_count', 'page_size', '_embedded'],
});

/** The version 1 speaker, which HAL gets: the only document of the byte-only peer. */
export const speakerSchema = entityOf(speakerV1);
export const speakerPageSchema = pageOf(speakerV1);

/**
 * A route's `response` schemas by negotiated media type: version 2's vendor type gets the
 * version 2 document, every other type the version 1 document.
 */
function byMediaType(v1: object, v2: object) {
  const content = Object.fromEntries(
    MEDIA_TYPES.map((type) => [type, { schema: type === V2 ? v2 : v1 }]),
  );
  return { 200: { content } };
}
export const speakerResponses = byMediaType(speakerSchema, entityOf(speakerV2));
export const speakerPageResponses = byMediaType(speakerPageSchema, pageOf(speakerV2));
