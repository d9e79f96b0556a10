import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'The entity is the speaker with every field of theirs and one more, `talks`',
  mistake: 'presents a speaker as their id, name and talks, dropping their url and twitter',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: 'return { ...speaker, talks: this.talksOf(speaker.id) };',
      replace: 'return { id: speaker.id, name: speaker.name, talks: this.talksOf(speaker.id) };',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
