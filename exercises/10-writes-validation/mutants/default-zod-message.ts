import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'every message names its field',
  mistake:
    "writes twitter as a plain z.string().max(80), so the client reads zod's own message: Too big: expected string to have <=80 characters",
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/speakerInput.ts',
      find: `  twitter: text('twitter handle')
    .max(80, 'The twitter handle must be at most 80 characters')`,
      replace: `  twitter: z
    .string()
    .max(80)`,
    },
  ],
  hint: 10,
} satisfies LessonMutant;
