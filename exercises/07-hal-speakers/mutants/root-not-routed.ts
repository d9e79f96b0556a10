import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`GET /` leading on to the `ApiRoot` service after `HomeHandler`.',
  mistake:
    'writes the root but leaves GET / to HomeHandler alone, which hands HAL clients on to nothing: a 404',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "middleware: ['HomeHandler', 'ApiRoot'],",
      replace: "middleware: 'HomeHandler',",
    },
  ],
  hint: 4,
} satisfies LessonMutant;
