import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "The talks are embedded and linked, in a page too, only when the entry says `embedded: { talks: 'TalkV2' }` and `linked: { talks: 'TalkV2' }`",
  mistake:
    "copies version 2's entry from before step 09 and leaves out linked: a page of version 2 speakers links to no talk",
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "      linked: { talks: 'TalkV2' },\n      // The handle becomes",
      replace: '      // The handle becomes',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
