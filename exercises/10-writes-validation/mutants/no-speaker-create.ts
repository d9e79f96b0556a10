import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "`create`'s entity is answered `201` with a `Location` equal to its self link",
  mistake:
    'writes update, patch and delete but not create: POST /speaker is still the 405 of step 09',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: `  override create(data: unknown): Entity {
    return this.present(this.catalogue.speakers.create(validate(speakerInput, data)));
  }
`,
      replace: '',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
