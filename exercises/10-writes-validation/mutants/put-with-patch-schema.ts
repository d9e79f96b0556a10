import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "`PUT` is the catalogue's `update`, validated with `speakerInput` (`name` required)",
  mistake:
    'validates PUT with speakerPatch, cast to what update takes: a PUT without a name reaches the catalogue, whose NOT NULL column answers 500',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: 'this.catalogue.speakers.update(Number(id), validate(speakerInput, data));',
      replace:
        'this.catalogue.speakers.update(Number(id), validate(speakerPatch, data) as { name: string });',
    },
  ],
  hint: 4,
} satisfies LessonMutant;
