import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'The field may be a list of tags (a cache that holds several versions) or `*`, any current version.',
  mistake:
    'reads the list and the weak forms in holdsCurrent but forgets *, so If-None-Match: * gets the whole speaker',
  edits: [
    {
      file: 'src/speaker/holdsCurrent.ts',
      find: "  if (ifNoneMatch.trim() === '*') return true;\n",
      replace: '',
    },
  ],
  hint: 11,
} satisfies LessonMutant;
