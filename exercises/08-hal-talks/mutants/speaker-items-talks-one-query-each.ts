import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "A page costs three statements (the page, the total, the links' ids); the checks count them.",
  mistake: "reads each speaker's talks with talksOf, one query per speaker: 27 statements a page",
  edits: [
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: 'const talkIds = this.catalogue.talks.talkIdsOf(items.map((speaker) => speaker.id));',
      replace:
        'const talkIds = new Map(\n      items.map((speaker) => [\n        speaker.id,\n        this.catalogue.talks.talksOf(speaker.id).map((talk) => talk.id),\n      ]),\n    );',
    },
  ],
  hint: 8,
} satisfies LessonMutant;
