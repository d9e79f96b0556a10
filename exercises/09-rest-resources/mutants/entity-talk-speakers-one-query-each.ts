import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'read for all the talks with one `speakerIdsOf` call',
  mistake:
    "reads the speakers of each of a speaker's talks with speakersOf, one more query per talk",
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: 'const speakerIds = this.catalogue.speakers.speakerIdsOf(talks.map((talk) => talk.id));',
      replace: `const speakerIds = new Map(
      talks.map((talk) => [
        talk.id,
        this.catalogue.speakers.speakersOf(talk.id).map((speaker) => speaker.id),
      ]),
    );`,
    },
  ],
  hint: 1,
} satisfies LessonMutant;
