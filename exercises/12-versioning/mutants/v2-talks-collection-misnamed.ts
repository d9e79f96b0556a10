import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Apigility creates version 2 by copying every service of version 1 into it',
  mistake:
    "names version 2's talk collection `talk`: GET /v2/talk embeds its page under `talk`, where a client of version 1's `talks` finds nothing",
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "      entity: 'TalkV2',\n      identifierName: 'talk_id',\n      collectionName: 'talks',",
      replace:
        "      entity: 'TalkV2',\n      identifierName: 'talk_id',\n      collectionName: 'talk',",
    },
  ],
  hint: 13,
} satisfies LessonMutant;
