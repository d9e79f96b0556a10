import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'The comparison is weak: `W/"x"` matches `"x"`',
  mistake:
    'compares each listed tag with the ETag as a text, keeping its W/, so If-None-Match: W/"…" never gets the 304',
  edits: [
    {
      file: 'src/speaker/holdsCurrent.ts',
      find: "return tag.trim().replace(/^W\\//, '');",
      replace: 'return tag.trim();',
    },
  ],
  hint: 11,
} satisfies LessonMutant;
