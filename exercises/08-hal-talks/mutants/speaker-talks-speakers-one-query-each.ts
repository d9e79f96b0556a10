import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'the speakers of all of them with one `speakerIdsOf` call (not `speakersOf` once per talk)',
  mistake: "reads each embedded talk's speakers with speakersOf, one more query per talk",
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: 'const speakerIds = this.catalogue.speakers.speakerIdsOf(talks.map((talk) => talk.id));',
      replace:
        'const speakerIds = new Map(\n      talks.map((talk) => [\n        talk.id,\n        this.catalogue.speakers.speakersOf(talk.id).map((speaker) => speaker.id),\n      ]),\n    );',
    },
  ],
  hint: 5,
} satisfies LessonMutant;
