import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Validation comes before the write',
  mistake:
    'POST creates the speaker from the body, then validates it: a body without a name reaches the database, which refuses it with a 500',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: '    return this.present(this.catalogue.speakers.create(validate(speakerInput, data)));',
      replace: `    const speaker = this.catalogue.speakers.create(data as SpeakerInput);
    validate(speakerInput, data);
    return this.present(speaker);`,
    },
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: "import type { Speaker, Talk } from '@hyperpipe/catalogue';",
      replace: "import type { Speaker, SpeakerInput, Talk } from '@hyperpipe/catalogue';",
    },
  ],
  hint: 13,
} satisfies LessonMutant;
