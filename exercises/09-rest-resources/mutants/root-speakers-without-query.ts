import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "`query` names the parameters a client may add, `['page']` for a page",
  mistake:
    'leaves the query out of the speakers link: a plain URL, no template a client can page with',
  edits: [
    {
      file: 'config/autoload/root.global.ts',
      find: "speakers: { route: 'speaker', query: ['page'],",
      replace: "speakers: { route: 'speaker',",
    },
  ],
  hint: 16,
} satisfies LessonMutant;
