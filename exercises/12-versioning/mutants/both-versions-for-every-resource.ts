import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'One list with both vendor types for every resource would answer version 2 talks that do not exist.',
  mistake:
    'lists both vendor types in every version, so /v1/talk answers Accept: application/vnd.conference.v2+json',
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
