import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "The talks are embedded (with their links) only when version 2's entry says `embedded: { talks: 'Talk' }`, as version 1's does; without it they are a plain field.",
  mistake:
    "writes version 2's entry from scratch and leaves out embedded, so its talks carry no links",
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "      embedded: { talks: 'Talk' },\n      // The handle becomes",
      replace: '      // The handle becomes',
    },
  ],
  hint: 6,
} satisfies LessonMutant;
