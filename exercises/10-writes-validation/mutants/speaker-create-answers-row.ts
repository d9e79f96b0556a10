import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a write answers the entity exactly as `fetch` renders it',
  mistake:
    "answers POST /speaker with the catalogue's new row, without the (empty) list of talks fetch embeds: the ETag of the 201 is not the one GET answers, and an edit sent with it is refused with 412",
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: 'return this.present(this.catalogue.speakers.create(validate(speakerInput, data)));',
      replace: 'return this.catalogue.speakers.create(validate(speakerInput, data));',
    },
  ],
  hint: 16,
} satisfies LessonMutant;
