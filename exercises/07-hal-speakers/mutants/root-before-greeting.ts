import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'the greeting of step 01, as before',
  mistake:
    'puts ApiRoot first in the route of GET /, so every client gets the root and no one the greeting',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "middleware: ['HomeHandler', 'ApiRoot'],",
      replace: "middleware: ['ApiRoot', 'HomeHandler'],",
    },
  ],
  hint: 4,
} satisfies LessonMutant;
