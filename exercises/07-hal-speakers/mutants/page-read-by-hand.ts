import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`requestedPage(request.query)` reads `?page=N` (a `400` problem unless it is a positive integer)',
  mistake:
    "reads the page with Number(request.query.get('page') ?? 1), so ?page=abc or ?page=0 ends in a 500",
  edits: [
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: 'const page = requestedPage(request.query);',
      replace: "const page = Number(request.query.get('page') ?? 1);",
    },
    { file: 'src/speaker/SpeakerCollectionHandler.ts', find: '  requestedPage,\n', replace: '' },
  ],
  hint: 8,
} satisfies LessonMutant;
