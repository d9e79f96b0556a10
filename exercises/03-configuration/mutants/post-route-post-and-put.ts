import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "`allowed_methods`, exactly the methods of the step's table",
  mistake:
    'moves POST /post into the configuration with allowed_methods POST and PUT, so PUT /post is answered 200',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "middleware: 'PostHandler', allowed_methods: ['POST'],",
      replace: "middleware: 'PostHandler', allowed_methods: ['POST', 'PUT'],",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
