import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'A tag of the id never changes when the speaker does',
  mistake:
    "tags the speaker's id, entityTag(String(speaker.id)), so a renamed speaker keeps its tag and every client keeps the old name",
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: 'const tag = entityTag(JSON.stringify(resource));',
      replace: 'const tag = entityTag(String(speaker.id));',
    },
  ],
  hint: 8,
} satisfies LessonMutant;
