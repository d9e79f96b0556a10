import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`embedded` names the `entity` of another entry (`Talk`), not the entry',
  mistake: "names the talks' rest entry instead of their entity kind in the speaker's `embedded`",
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "embedded: { talks: 'Talk' },",
      replace: "embedded: { talks: 'Conference.V1.Talk' },",
    },
  ],
  hint: 7,
} satisfies LessonMutant;
