import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Its `rest` entry hides `twitter` and adds a link computed from it (`hidden`, `links`).',
  mistake: 'adds the twitter link but forgets hidden, so version 2 still carries the twitter field',
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "      hidden: ['twitter'],\n",
      replace: '',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
