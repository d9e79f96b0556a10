import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'the name is stored without the spaces around it',
  mistake:
    'refuses a blank name with a refine that trims to look, but stores the name with the spaces it came with',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/speakerInput.ts',
      find: "  name: text('name')\n    .trim()\n    .min(1, 'The name is required')",
      replace:
        "  name: text('name')\n    .refine((name) => name.trim() !== '', 'The name is required')",
    },
  ],
  hint: 10,
} satisfies LessonMutant;
