import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`q=0` is a refusal, not a low preference',
  mistake:
    'predicts the vendor type for Accept: application/vnd.conference.v1+json;q=0, taking q=0 for the lowest preference',
  edits: [
    {
      file: 'src/negotiation/predictions.ts',
      find: "q=0` },\n    status: 406,\n    type: 'application/problem+json',",
      replace: "q=0` },\n    status: 200,\n    type: 'application/vnd.conference.v1+json',",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
