import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`name` required, not blank, and at most 80 characters',
  mistake: 'requires a name but not a non-blank one: a speaker named "   " is stored',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/speakerInput.ts',
      find: `    .trim()
    .min(1, 'The name is required')
    .max(80, 'The name must be at most 80 characters'),`,
      replace: "    .max(80, 'The name must be at most 80 characters'),",
    },
  ],
  hint: 10,
} satisfies LessonMutant;
