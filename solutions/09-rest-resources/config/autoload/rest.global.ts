/** What every resource shares: its ids and its page size. */
const shared = {
  // Ids are positive integers of at most 15 digits, which JavaScript numbers hold
  // exactly; anything else in their place is a 404.
  identifierPattern: '[1-9]\\d{0,14}',
  pageSize: 25,
};

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
