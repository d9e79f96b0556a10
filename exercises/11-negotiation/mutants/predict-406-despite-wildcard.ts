import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'A wildcard in a list counts at its own q: a client that names a type the server lacks and adds `*/*`, even at a low q, still gets an answer, in the default type.',
  mistake:
    'predicts a 406 for Accept: application/xml, */*;q=0.1, reading only the type it names first',
  edits: [
    {
      file: 'src/negotiation/predictions.ts',
      find: "accept: 'application/xml, */*;q=0.1' },\n    status: 200,\n    type: 'application/hal+json',",
      replace:
        "accept: 'application/xml, */*;q=0.1' },\n    status: 406,\n    type: 'application/problem+json',",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
