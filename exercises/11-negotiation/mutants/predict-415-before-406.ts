import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'The negotiation weighs `Accept` first, before it looks at a body',
  mistake:
    'predicts a 415 for a text/plain body sent with Accept: text/html, judging the body before the Accept',
  edits: [
    {
      file: 'src/negotiation/predictions.ts',
      find: "      body: 'name=Ada',\n    },\n    status: 406,",
      replace: "      body: 'name=Ada',\n    },\n    status: 415,",
    },
  ],
  hint: 8,
} satisfies LessonMutant;
