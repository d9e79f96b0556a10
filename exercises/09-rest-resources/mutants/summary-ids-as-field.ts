import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'an empty list of ids would read as an empty list of talks to embed',
  mistake:
    "puts the talks' ids in the field itself, so a speaker without talks carries talks: [], which embeds in the item",
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: "    return withRelated(speaker, 'talks', talkIds);",
      replace: '    return { ...speaker, talks: talkIds };',
    },
  ],
  hint: 13,
} satisfies LessonMutant;
