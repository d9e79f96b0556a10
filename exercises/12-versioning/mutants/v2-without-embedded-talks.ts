import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "The talks are embedded and linked, in a page too, only when the entry says `embedded: { talks: 'TalkV2' }` and `linked: { talks: 'TalkV2' }`",
  mistake:
    "writes version 2's entry from scratch and leaves out embedded, so a speaker links to their talks but embeds none",
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "      embedded: { talks: 'TalkV2' },\n      linked: { talks: 'TalkV2' },\n      // The handle becomes",
      replace: "      linked: { talks: 'TalkV2' },\n      // The handle becomes",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
