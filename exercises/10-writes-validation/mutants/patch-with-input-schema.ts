import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`speakerPatch` for `PATCH`, where every field is optional',
  mistake:
    'validates PATCH with speakerInput, so changing the twitter handle alone is refused for want of a name',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: 'this.catalogue.speakers.patch(Number(id), validate(speakerPatch, data));',
      replace: 'this.catalogue.speakers.patch(Number(id), validate(speakerInput, data));',
    },
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: "import { speakerInput, speakerPatch } from './speakerInput.ts';",
      replace: "import { speakerInput } from './speakerInput.ts';",
    },
  ],
  hint: 4,
} satisfies LessonMutant;
