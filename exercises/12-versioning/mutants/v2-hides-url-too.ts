import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'leave the `twitter` field out (that one only)',
  mistake: 'hides the url along with the twitter handle, so version 2 drops a field version 1 has',
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "hidden: ['twitter'],",
      replace: "hidden: ['twitter', 'url'],",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
