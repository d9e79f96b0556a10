import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'comparing only the first piece misses `"older", "…"`.',
  mistake:
    'splits the field at its commas but compares only the first tag, so a list such as "older", "…" never gets the 304',
  edits: [
    {
      file: 'src/speaker/holdsCurrent.ts',
      find: "return ifNoneMatch.split(',').some((listed) => opaque(listed) === opaque(tag));",
      replace: "return opaque(ifNoneMatch.split(',')[0] ?? '') === opaque(tag);",
    },
  ],
  hint: 11,
} satisfies LessonMutant;
