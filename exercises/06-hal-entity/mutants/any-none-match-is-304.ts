import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'and next time sends it back: `If-None-Match: "…"`, "only if it changed"',
  mistake:
    'answers 304 to any request that has an If-None-Match, without comparing it with the tag, so a client with an old copy keeps it',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: "noneMatchFails(request.headers.get('if-none-match'), tag)",
      replace: "request.headers.has('if-none-match')",
    },
  ],
  hint: 11,
} satisfies LessonMutant;
