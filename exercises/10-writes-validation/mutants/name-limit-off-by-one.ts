import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a name of 80 characters is accepted, 81 refused',
  mistake:
    'limits the name to 79 characters, one short of the table: a name of exactly 80 is refused',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/speakerInput.ts',
      find: ".max(80, 'The name must be at most 80 characters')",
      replace: ".max(79, 'The name must be at most 80 characters')",
    },
  ],
  hint: 10,
} satisfies LessonMutant;
