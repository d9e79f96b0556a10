import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "The root at `/` stays version 1's, the default version",
  mistake:
    "links the root's speakers to version 2's routes: a client that asked for no version gets version 2",
  edits: [
    {
      file: 'config/autoload/root.global.ts',
      find: "speakers: { route: 'v1.speaker', query: ['page'],",
      replace: "speakers: { route: 'v2.speaker', query: ['page'],",
    },
    {
      file: 'config/autoload/root.global.ts',
      find: "speaker: { route: 'v1.speaker.entity',",
      replace: "speaker: { route: 'v2.speaker.entity',",
    },
  ],
  hint: 10,
} satisfies LessonMutant;
