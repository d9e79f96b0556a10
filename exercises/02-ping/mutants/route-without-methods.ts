import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'The router can only refuse what your routes do not name.',
  mistake: 'registers GET /ping with app.route and no method list, so it matches every method',
  edits: [
    {
      file: 'src/app.ts',
      find: "app.get('/ping', () =>",
      replace: "app.route('/ping', () =>",
    },
  ],
  hint: 9,
} satisfies LessonMutant;
