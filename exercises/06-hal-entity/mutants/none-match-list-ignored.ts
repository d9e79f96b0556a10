import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'The field may be a list of tags (a cache that holds several versions) or `*`, any current version.',
  mistake:
    'compares the whole field with the tag, never split at its commas, so a list such as "older", "…" never gets the 304',
  edits: [
    {
      file: 'src/speaker/holdsCurrent.ts',
      find: "return ifNoneMatch.split(',').some((listed) => opaque(listed) === opaque(tag));",
      replace: 'return opaque(ifNoneMatch) === opaque(tag);',
    },
  ],
  hint: 11,
} satisfies LessonMutant;
