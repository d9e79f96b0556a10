import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'every message names its field, as the body spells it',
  mistake:
    'words the url rule as "Must be an http or https URL": the client reads what a value should be, not which field is wrong',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/speakerInput.ts',
      find: "message: 'The url must be an http or https URL',",
      replace: "message: 'Must be an http or https URL',",
    },
  ],
  hint: 10,
} satisfies LessonMutant;
