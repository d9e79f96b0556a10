import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'The route still takes GET only.',
  mistake: 'lets the route of / take GET and POST, so POST / answers the root with 200',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "      middleware: ['HomeHandler', 'ApiRoot'],\n      allowed_methods: ['GET'],",
      replace:
        "      middleware: ['HomeHandler', 'ApiRoot'],\n      allowed_methods: ['GET', 'POST'],",
    },
  ],
  hint: 4,
} satisfies LessonMutant;
