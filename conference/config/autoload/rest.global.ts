import { twitterLink } from '../../src/Conference/V2/Rest/Speaker/SpeakerResource.ts';

const json = 'application/json';
const hal = 'application/hal+json';
const v1 = 'application/vnd.conference.v1+json';
const v2 = 'application/vnd.conference.v2+json';

// Ids are positive integers of at most 15 digits, which JavaScript numbers hold exactly;
// anything else in their place is a 404.
const id = '[1-9]\\d{0,14}';

// The REST resources. Each version lives under /v{N}; unversioned URLs serve version 1,
// and Accept: application/vnd.conference.v2+json asks for version 2.
export default {
  rest: {
    'Conference.V1.Speaker': {
      path: '/v1/speaker',
      resource: 'Conference.V1.Speaker',
      entity: 'Speaker',
      identifierName: 'speaker_id',
      identifierPattern: id,
      collectionName: 'speakers',
      pageSize: 25,
      accept: [v1, hal, json],
      contentTypes: [v1, json],
      embedded: { talks: 'Talk' },
    },
    'Conference.V1.Talk': {
      path: '/v1/talk',
      resource: 'Conference.V1.Talk',
      entity: 'Talk',
      identifierName: 'talk_id',
      identifierPattern: id,
      collectionName: 'talks',
      pageSize: 25,
      accept: [v1, hal, json],
      contentTypes: [v1, json],
      embedded: { speakers: 'Speaker' },
    },
    'Conference.V2.Speaker': {
      path: '/v2/speaker',
      resource: 'Conference.V2.Speaker',
      entity: 'SpeakerV2',
      identifierName: 'speaker_id',
      identifierPattern: id,
      collectionName: 'speakers',
      pageSize: 25,
      accept: [v2, hal, json],
      contentTypes: [v2, json],
      embedded: { talks: 'Talk' },
      hidden: ['twitter'],
      links: twitterLink,
    },
  },
};
