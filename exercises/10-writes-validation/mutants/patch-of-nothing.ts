import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'A `PATCH` of `{}` names no field to change: it is a 422 too, not a `200` that changed nothing.',
  mistake:
    'leaves speakerPatch without namesAField: a PATCH of {} is a 200 that changed nothing, as if the change had been made',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/speakerInput.ts',
      find: `  .strictObject({ ...fields, name: fields.name.optional() })
  .refine(namesAField, NO_FIELD)`,
      replace: '  .strictObject({ ...fields, name: fields.name.optional() })',
    },
  ],
  hint: 10,
} satisfies LessonMutant;
