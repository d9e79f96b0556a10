import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'all of them: an embedded talk links to its co-speakers too',
  mistake:
    "gives each of a speaker's talks that speaker's id alone, so an embedded talk links to one of its speakers",
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: "return talks.map((talk) => withRelated(talk, 'speakers', speakerIds.get(talk.id)));",
      replace: "return talks.map((talk) => withRelated(talk, 'speakers', [speakerId]));",
    },
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: 'const speakerIds = this.catalogue.speakers.speakerIdsOf(talks.map((talk) => talk.id));\n',
      replace: '',
    },
  ],
  hint: 13,
} satisfies LessonMutant;
