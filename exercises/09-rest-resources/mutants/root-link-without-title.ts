import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Each link has a `title` for people',
  mistake: 'leaves the title off the talk template: a person reading the root sees a bare URL',
  edits: [
    {
      file: 'config/autoload/root.global.ts',
      find: "talk: { route: 'talk.entity', title: 'A talk, by id' },",
      replace: "talk: { route: 'talk.entity' },",
    },
  ],
  hint: 16,
} satisfies LessonMutant;
