import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "The talks are embedded (with their links) only when version 2's entry says `embedded: { talks: 'Talk' }`, as version 1's does",
  mistake:
    "writes version 2's entry from scratch and leaves out embedded, so a speaker links to their talks but embeds none",
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "      embedded: { talks: 'Talk' },\n      linked: { talks: 'Talk' },\n      // The handle becomes",
      replace: "      linked: { talks: 'Talk' },\n      // The handle becomes",
    },
  ],
  hint: 6,
} satisfies LessonMutant;
