import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`200`, the entity with `_embedded.talks` (or `_embedded.speakers`)',
  mistake: 'fetch answers the speaker as the collection does, without the talks field to embed',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: 'return speaker && this.present(speaker);',
      replace: 'return speaker && { ...speaker };',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
