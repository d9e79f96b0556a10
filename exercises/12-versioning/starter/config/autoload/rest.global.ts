const json = 'application/json';
const hal = 'application/hal+json';
const vendor = 'application/vnd.conference.v1+json';

/** What every resource shares: its media types, its ids and its page size. */
const shared = {
  // Ids are positive integers of at most 15 digits, which JavaScript numbers hold
  // exactly; anything else in their place is a 404.
  identifierPattern: '[1-9]\\d{0,14}',
  pageSize: 25,
  // Response types. A client that takes any of them (no Accept, */*) gets HAL, which
  // registerResource prefers wherever it stands in the list; the vendor type goes to
  // clients that name it. Any other Accept is a 406.
  accept: [vendor, hal, json],
  // Request body types. Any other Content-Type is a 415.
  contentTypes: [vendor, json],
};

// TODO: version the resources. Make `shared` a function of the version number, so that
// version N accepts and answers application/vnd.conference.vN+json; move the two
// resources under /v1 (/v1/speaker, /v1/talk); add 'Conference.V2.Speaker' at
// /v2/speaker, entity kind 'SpeakerV2', that hides `twitter` and adds the links of
// twitterLink (src/Conference/V2/Rest/Speaker/SpeakerResource.ts); and give version 2
// every resource: 'Conference.V2.Talk' at /v2/talk, entity kind 'TalkV2', whose talks
// and speakers link each other in version 2.

// The REST resources: registerConfiguredResources (src/app.ts) gives each a collection
// route at its path and an entity route below it, answered by the resource service.
export default {
  rest: {
    'Conference.V1.Speaker': {
      ...shared,
      path: '/speaker',
      resource: 'Conference.V1.Speaker',
      entity: 'Speaker',
      identifierName: 'speaker_id',
      collectionName: 'speakers',
      // A speaker embeds their talks, and links to each wherever it appears.
      embedded: { talks: 'Talk' },
      linked: { talks: 'Talk' },
    },
    'Conference.V1.Talk': {
      ...shared,
      path: '/talk',
      resource: 'Conference.V1.Talk',
      entity: 'Talk',
      identifierName: 'talk_id',
      collectionName: 'talks',
      embedded: { speakers: 'Speaker' },
      linked: { speakers: 'Speaker' },
    },
  },
};
