import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`validate(schema, data)`, in `src/validation/validate.ts`, returns the parsed body or throws `validationProblem(messages)`',
  mistake:
    "calls zod's parse in create: a bad body throws a ZodError, which reaches the client as a 500",
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: 'return this.present(this.catalogue.speakers.create(validate(speakerInput, data)));',
      replace: 'return this.present(this.catalogue.speakers.create(speakerInput.parse(data)));',
    },
  ],
  hint: 10,
} satisfies LessonMutant;
