import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`undefined` from `update` or `patch` and `false` from `delete` are `404 Entity not found.`',
  mistake:
    'presents whatever update returned: a PUT to a speaker nobody is throws while presenting nothing, a 500',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: `    const speaker = this.catalogue.speakers.update(Number(id), validate(speakerInput, data));
    return speaker && this.present(speaker);`,
      replace: `    const speaker = this.catalogue.speakers.update(Number(id), validate(speakerInput, data));
    return this.present(speaker as Speaker);`,
    },
  ],
  hint: 4,
} satisfies LessonMutant;
