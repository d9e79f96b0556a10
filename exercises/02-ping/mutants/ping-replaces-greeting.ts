import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`GET /` must still greet.',
  mistake: "turns step 01's GET / route into GET /ping instead of adding a route next to it",
  edits: [
    {
      file: 'src/app.ts',
      find: "  app.get('/', (_request, response) => text('Hello from Hyperpipe!', response));\n",
      replace: '',
    },
    {
      file: 'src/app.ts',
      find: 'createApplication, json, text }',
      replace: 'createApplication, json }',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
