import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "Version 2's speakers embed and link `TalkV2` talks, which embed and link `SpeakerV2` speakers",
  mistake:
    "copies version 1's talk entry to /v2/talk as it is, so a version 2 talk embeds and links version 1 speakers",
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "      embedded: { speakers: 'SpeakerV2' },\n      linked: { speakers: 'SpeakerV2' },",
      replace: "      embedded: { speakers: 'Speaker' },\n      linked: { speakers: 'Speaker' },",
    },
  ],
  hint: 13,
} satisfies LessonMutant;
