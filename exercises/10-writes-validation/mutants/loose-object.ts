import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`z.strictObject` refuses unknown fields.',
  mistake:
    'builds the schemas with z.object, which drops unknown fields silently: the write succeeds',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/speakerInput.ts',
      find: 'export const speakerInput = z.strictObject(fields);',
      replace: 'export const speakerInput = z.object(fields);',
    },
  ],
  hint: 10,
} satisfies LessonMutant;
