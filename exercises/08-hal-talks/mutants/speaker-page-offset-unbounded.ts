import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a page far past the last is a `409`, never a `500`',
  mistake:
    'computes the offset as (page - 1) * 25 alone, which is no safe integer for ?page=9007199254740991: the catalogue throws, a 500',
  edits: [
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: 'offset: Math.min((page - 1) * PAGE_SIZE, Number.MAX_SAFE_INTEGER),',
      replace: 'offset: (page - 1) * PAGE_SIZE,',
    },
  ],
  hint: 8,
} satisfies LessonMutant;
