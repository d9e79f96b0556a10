import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'that offset must stay a safe integer',
  mistake:
    'reads the page from offset (page - 1) × 25 unbounded, so ?page=9007199254740991 asks SQLite for a row number it refuses: a 500',
  edits: [
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: 'offset: Math.min((page - 1) * PAGE_SIZE, Number.MAX_SAFE_INTEGER),',
      replace: 'offset: (page - 1) * PAGE_SIZE,',
    },
  ],
  hint: 8,
} satisfies LessonMutant;
