import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Apigility creates version 2 by copying every service of version 1 into it',
  mistake:
    "versions the speakers only: version 2's speakers link to version 1's talks and there is no /v2/talk, so GET /talk with the v2 type is a 406",
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "      embedded: { talks: 'TalkV2' },\n      linked: { talks: 'TalkV2' },",
      replace: "      embedded: { talks: 'Talk' },\n      linked: { talks: 'Talk' },",
    },
    {
      file: 'config/autoload/rest.global.ts',
      find: "    // Talks are those of version 1, with version 2 speakers.\n    'Conference.V2.Talk': {\n      ...inVersion(2),\n      path: '/v2/talk',\n      resource: 'Conference.V2.Talk',\n      entity: 'TalkV2',\n      identifierName: 'talk_id',\n      collectionName: 'talks',\n      embedded: { speakers: 'SpeakerV2' },\n      linked: { speakers: 'SpeakerV2' },\n    },\n",
      replace: '',
    },
  ],
  hint: 13,
} satisfies LessonMutant;
