import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'page N starts after the (N - 1) × 25 speakers of the pages before it',
  mistake:
    'reads the page from offset page × 25, so page 1 starts at the 26th speaker and the first 25 are never listed',
  edits: [
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: 'offset: Math.min((page - 1) * PAGE_SIZE, Number.MAX_SAFE_INTEGER),',
      replace: 'offset: Math.min(page * PAGE_SIZE, Number.MAX_SAFE_INTEGER),',
    },
  ],
  hint: 8,
} satisfies LessonMutant;
