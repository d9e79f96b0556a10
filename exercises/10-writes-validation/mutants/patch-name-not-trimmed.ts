import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'the name is stored without the spaces around it',
  mistake:
    "gives speakerPatch a name rule of its own, without the trim: a PATCH stores '  Ada  ' as sent",
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/speakerInput.ts',
      find: '{ ...fields, name: fields.name.optional() }',
      replace:
        "{ ...fields, name: text('name').min(1, 'The name is required').max(80, 'The name must be at most 80 characters').optional() }",
    },
  ],
  hint: 10,
} satisfies LessonMutant;
