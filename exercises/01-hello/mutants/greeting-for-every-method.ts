import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'binds a path and a method to middleware',
  mistake:
    'registers the greeting with app.route and no method list, so POST / and DELETE / are greeted too',
  edits: [
    {
      file: 'src/app.ts',
      find: "app.get('/', (_request, response) =>",
      replace: "app.route('/', (_request, response) =>",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
