import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "The client's preference decides among the listed types, so every one of the three must be listed for a client that prefers it to get it.",
  mistake: 'lists only the two HAL-shaped types, so a client that prefers plain JSON gets HAL',
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: 'accept: [vendor, hal, json],',
      replace: 'accept: [vendor, hal],',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
