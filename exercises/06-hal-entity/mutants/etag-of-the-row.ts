import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "a tag of the catalogue's row misses the self link, which changes with the host and prefix",
  mistake:
    "tags the catalogue's row, entityTag(JSON.stringify(speaker)), not the answer sent: under another prefix the self link changes and the tag does not",
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: 'const tag = entityTag(JSON.stringify(resource));',
      replace: 'const tag = entityTag(JSON.stringify(speaker));',
    },
  ],
  hint: 8,
} satisfies LessonMutant;
