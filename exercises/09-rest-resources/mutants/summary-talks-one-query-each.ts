import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'read for the whole page with one `talkIdsOf` call',
  mistake:
    "reads each speaker's talks with talksOf, one more query per speaker: 27 statements a page",
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: 'const talkIds = this.catalogue.talks.talkIdsOf(items.map((speaker) => speaker.id));',
      replace: `const talkIds = new Map(
        items.map((speaker) => [
          speaker.id,
          this.catalogue.talks.talksOf(speaker.id).map((talk) => talk.id),
        ]),
      );`,
    },
  ],
  hint: 4,
} satisfies LessonMutant;
