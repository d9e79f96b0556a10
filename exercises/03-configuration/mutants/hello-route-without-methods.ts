import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a route without `allowed_methods` answers every method',
  mistake: 'leaves allowed_methods out of the /hello/{name} route, so it answers every method',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "      middleware: 'HelloHandler',\n      allowed_methods: ['GET'],\n",
      replace: "      middleware: 'HelloHandler',\n",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
