import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "its speakers' ids, so an embedded talk links to its speakers too",
  mistake:
    "embeds the speaker's talks as the catalogue gives them, without their speakers' ids: they link to no speaker",
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: "    return talks.map((talk) => withRelated(talk, 'speakers', speakerIds.get(talk.id)));",
      replace: '    return talks.map((talk) => ({ ...talk }));',
    },
  ],
  hint: 13,
} satisfies LessonMutant;
