import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'It can only do so when your routes name their methods.',
  mistake: 'registers GET /ping with app.route and no method list, so it matches every method',
  edits: [
    {
      file: 'src/app.ts',
      find: "app.get('/ping', () =>",
      replace: "app.route('/ping', () =>",
    },
  ],
  hint: 4,
} satisfies LessonMutant;
