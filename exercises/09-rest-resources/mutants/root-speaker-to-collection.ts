import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`speaker` for the collection, `speaker.entity` for an entity',
  mistake:
    'links the root\'s "speaker" to the route "speaker", the collection: a client that fills in an id lands on the page',
  edits: [
    {
      file: 'config/autoload/root.global.ts',
      find: "speaker: { route: 'speaker.entity',",
      replace: "speaker: { route: 'speaker',",
    },
  ],
  hint: 16,
} satisfies LessonMutant;
