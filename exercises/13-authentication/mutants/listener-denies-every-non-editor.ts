import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'It denies a DELETE by anyone without the role `editor`, and only a DELETE',
  mistake:
    'denies every request of an identity without the role editor, not only its DELETE, so reads and writes of the learner (and of guests) are refused too',
  edits: [
    {
      file: 'src/auth/onlyEditorsDelete.ts',
      find: "if (event.privilege === 'DELETE' && !event.identity.hasRole('editor')) event.deny();",
      replace: "if (!event.identity.hasRole('editor')) event.deny();",
    },
  ],
  hint: 8,
} satisfies LessonMutant;
