import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`url` and `twitter` may be left out or `null`: `GET` serves `null` for a field a speaker lacks, and a client sends back what it read.',
  mistake:
    'writes the url as .optional() alone: a PUT of what GET served, "url": null, is refused with a 422',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/speakerInput.ts',
      find: `    .meta({ description: 'An http or https URL; white space around it is removed' })
    .nullable()
    .optional(),`,
      replace: `    .meta({ description: 'An http or https URL; white space around it is removed' })
    .optional(),`,
    },
  ],
  hint: 10,
} satisfies LessonMutant;
