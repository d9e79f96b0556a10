import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`DELETE /speaker/{id}`, `/talk/{id}`, `/v2/…` as `learner` | `403` problem: authenticated, but not an editor',
  mistake:
    "compares the privilege with 'delete' in lower case, so it never matches and the listener allows everything",
  edits: [
    {
      file: 'src/auth/onlyEditorsDelete.ts',
      find: "event.privilege === 'DELETE'",
      replace: "event.privilege === 'delete'",
    },
  ],
  hint: 8,
} satisfies LessonMutant;
