import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "the ids' pattern of step 09",
  mistake:
    "leaves the ids' pattern out of inVersion, so /v2/speaker/07 answers speaker 7 at a second URL",
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "    identifierPattern: '[1-9]\\\\d{0,14}',\n",
      replace: '',
    },
  ],
  hint: 7,
} satisfies LessonMutant;
