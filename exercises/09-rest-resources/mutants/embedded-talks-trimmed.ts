import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'each talk whole, with every field of its own',
  mistake:
    "embeds each of the speaker's talks as its id and title only: a client must fetch every talk for its day and time",
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: "return talks.map((talk) => withRelated(talk, 'speakers', speakerIds.get(talk.id)));",
      replace:
        "return talks.map((talk) =>\n      withRelated({ id: talk.id, title: talk.title }, 'speakers', speakerIds.get(talk.id)),\n    );",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
