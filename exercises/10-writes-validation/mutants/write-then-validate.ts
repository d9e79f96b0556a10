import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'validate first, write after',
  mistake:
    'PATCH writes the body, then validates it: the 422 comes, but the bad value is already stored',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: `    const speaker = this.catalogue.speakers.patch(Number(id), validate(speakerPatch, data));
    return speaker && this.present(speaker);`,
      replace: `    const speaker = this.catalogue.speakers.patch(Number(id), data as SpeakerPatch);
    validate(speakerPatch, data);
    return speaker && this.present(speaker);`,
    },
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: "import type { Speaker, Talk } from '@hyperpipe/catalogue';",
      replace: "import type { Speaker, SpeakerPatch, Talk } from '@hyperpipe/catalogue';",
    },
  ],
  hint: 13,
} satisfies LessonMutant;
