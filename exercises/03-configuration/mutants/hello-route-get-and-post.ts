import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'and one with a method more answers that one too',
  mistake:
    'lists GET and POST in the allowed_methods of /hello/{name}, so POST /hello/Ada is greeted instead of refused',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "      middleware: 'HelloHandler',\n      allowed_methods: ['GET'],\n",
      replace: "      middleware: 'HelloHandler',\n      allowed_methods: ['GET', 'POST'],\n",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
