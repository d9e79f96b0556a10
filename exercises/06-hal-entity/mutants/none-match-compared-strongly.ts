import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'The comparison is weak: `W/"x"` matches `"x"`',
  mistake:
    'compares If-None-Match with the tag as a text, === tag, so W/"…", lists and * never get the 304',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: "noneMatchFails(request.headers.get('if-none-match'), tag)",
      replace: "request.headers.get('if-none-match') === tag",
    },
  ],
  hint: 11,
} satisfies LessonMutant;
