import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`true` when a row was deleted (the framework answers `204` with no body), `false` when there was none (`404`)',
  mistake: 'deletes and answers true whatever happened: deleting a speaker twice is 204 twice',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: '    return this.catalogue.speakers.delete(Number(id));',
      replace: '    this.catalogue.speakers.delete(Number(id));\n    return true;',
    },
  ],
  hint: 7,
} satisfies LessonMutant;
