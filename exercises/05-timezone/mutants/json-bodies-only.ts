import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'list both `application/json` and `application/x-www-form-urlencoded`.',
  mistake: 'lists only application/json in contentTypes, so a form body is refused with a 415',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "contentTypes: ['application/json', 'application/x-www-form-urlencoded'],",
      replace: "contentTypes: ['application/json'],",
    },
  ],
  hint: 7,
} satisfies LessonMutant;
