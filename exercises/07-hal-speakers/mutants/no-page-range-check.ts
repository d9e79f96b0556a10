import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`assertPageInRange` refuses a page past the last with the `409` problem.',
  mistake: 'forgets assertPageInRange, so a page past the last answers 200 with no speakers',
  edits: [
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: '    assertPageInRange(page, total, PAGE_SIZE);\n',
      replace: '',
    },
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: '  assertPageInRange,\n',
      replace: '',
    },
  ],
  hint: 8,
} satisfies LessonMutant;
