import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'both `GET` only (the framework adds `HEAD`)',
  mistake: 'lets the talk route take DELETE too, so DELETE /talk/3 answers the talk with 200',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "      middleware: 'TalkEntityHandler',\n      allowed_methods: ['GET'],",
      replace: "      middleware: 'TalkEntityHandler',\n      allowed_methods: ['GET', 'DELETE'],",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
