import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'and next time sends it back: `If-None-Match: "…"`, "only if it changed"',
  mistake:
    'makes holdsCurrent true for any If-None-Match, never comparing the tags it lists with the ETag, so a client with an old copy keeps it',
  edits: [
    {
      file: 'src/speaker/holdsCurrent.ts',
      find: "return ifNoneMatch.split(',').some((listed) => opaque(listed) === opaque(tag));",
      replace: 'return true;',
    },
  ],
  hint: 11,
} satisfies LessonMutant;
