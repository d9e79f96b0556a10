import { twitterLink } from '../../src/Conference/V2/Rest/Speaker/SpeakerResource.ts';

const json = 'application/json';
const hal = 'application/hal+json';

/** What every resource of a version shares: its media types, its ids, its page size. */
function inVersion(version: number) {
  const vendor = `application/vnd.conference.v${version}+json`;
  return {
    // Ids are positive integers of at most 15 digits, which JavaScript numbers hold
    // exactly; anything else in their place is a 404.
    identifierPattern: '[1-9]\\d{0,14}',
    pageSize: 25,
    accept: [vendor, hal, json],
    contentTypes: [vendor, json],
  };
}

// The REST resources. Each version lives under /v{N}; unversioned URLs serve version 1,
// and Accept: application/vnd.conference.v2+json asks for version 2. Each version has every
// resource, as Apigility copies them all into a new version: a client that accepts only
// version 2 follows every link it is given and stays in version 2.
export default {
  rest: {
    'Conference.V1.Speaker': {
      ...inVersion(1),
      path: '/v1/speaker',
      resource: 'Conference.V1.Speaker',
      entity: 'Speaker',
      identifierName: 'speaker_id',
      collectionName: 'speakers',
      // A speaker embeds their talks, and links to each wherever it appears.
      embedded: { talks: 'Talk' },
      linked: { talks: 'Talk' },
    },
    'Conference.V1.Talk': {
      ...inVersion(1),
      path: '/v1/talk',
      resource: 'Conference.V1.Talk',
      entity: 'Talk',
      identifierName: 'talk_id',
      collectionName: 'talks',
      embedded: { speakers: 'Speaker' },
      linked: { speakers: 'Speaker' },
    },
    'Conference.V2.Speaker': {
      ...inVersion(2),
      path: '/v2/speaker',
      resource: 'Conference.V2.Speaker',
      entity: 'SpeakerV2',
      identifierName: 'speaker_id',
      collectionName: 'speakers',
      embedded: { talks: 'TalkV2' },
      linked: { talks: 'TalkV2' },
      // The handle becomes a `twitter` link to the profile instead of a field.
      hidden: ['twitter'],
      links: twitterLink,
    },
    // Talks are those of version 1, with version 2 speakers.
    'Conference.V2.Talk': {
      ...inVersion(2),
      path: '/v2/talk',
      resource: 'Conference.V2.Talk',
      entity: 'TalkV2',
      identifierName: 'talk_id',
      collectionName: 'talks',
      embedded: { speakers: 'SpeakerV2' },
      linked: { speakers: 'SpeakerV2' },
    },
  },
};
