import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "`config/autoload/root.global.ts`: the root's links name version 1's routes.",
  mistake:
    'moves the resources under /v1 but leaves the root naming the routes `speaker` and `speaker.entity`, which no longer exist',
  edits: [
    {
      file: 'config/autoload/root.global.ts',
      find: "speakers: { route: 'v1.speaker', query: ['page'],",
      replace: "speakers: { route: 'speaker', query: ['page'],",
    },
    {
      file: 'config/autoload/root.global.ts',
      find: "speaker: { route: 'v1.speaker.entity',",
      replace: "speaker: { route: 'speaker.entity',",
    },
  ],
  hint: 10,
} satisfies LessonMutant;
