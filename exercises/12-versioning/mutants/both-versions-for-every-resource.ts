import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'One list with both vendor types for every resource would let `/v1/talk` answer the v2 type with version 1 talks.',
  mistake:
    'lists both vendor types in every version, so /v1/talk answers Accept: application/vnd.conference.v2+json with version 1 talks',
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: 'accept: [vendor, hal, json],',
      replace:
        "accept: [vendor, 'application/vnd.conference.v1+json', 'application/vnd.conference.v2+json', hal, json],",
    },
  ],
  hint: 7,
} satisfies LessonMutant;
