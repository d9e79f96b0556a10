import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "the items of `GET /speaker` are the speakers with their talks' ids, not their talks",
  mistake:
    "reads the talks' ids of the page but summarises each speaker without them: every item links to no talk",
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: "    return withRelated(speaker, 'talks', talkIds);",
      replace: '    return { ...speaker };',
    },
  ],
  hint: 13,
} satisfies LessonMutant;
