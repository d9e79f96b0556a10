import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`application/hal+json` stays the default: a client that sends no `Accept`, or `*/*`, gets HAL, never the vendor type.',
  mistake:
    'predicts the vendor type for Accept: */*, since it stands first in the accept list, while the configuration is right',
  edits: [
    {
      file: 'src/negotiation/predictions.ts',
      find: "accept: '*/*' },\n    status: 200,\n    type: 'application/hal+json',",
      replace:
        "accept: '*/*' },\n    status: 200,\n    type: 'application/vnd.conference.v1+json',",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
