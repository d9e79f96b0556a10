import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'every field replaced (those left out become `null`)',
  mistake:
    "writes PUT with the catalogue's patch: the fields a PUT leaves out keep their old values",
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: 'this.catalogue.speakers.update(Number(id), validate(speakerInput, data));',
      replace: 'this.catalogue.speakers.patch(Number(id), validate(speakerInput, data));',
    },
  ],
  hint: 4,
} satisfies LessonMutant;
