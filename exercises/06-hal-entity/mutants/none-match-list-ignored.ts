import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'The field may be a list of tags (a cache that holds several versions) or `*`, any current version.',
  mistake:
    'compares the whole field with the tag, its weak form and *, so a list such as "older", "…" never gets the 304',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: "noneMatchFails(request.headers.get('if-none-match'), tag)",
      replace: `[tag, \`W/\${tag}\`, '*'].includes(request.headers.get('if-none-match') ?? '')`,
    },
  ],
  hint: 11,
} satisfies LessonMutant;
