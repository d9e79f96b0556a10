import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'It denies a DELETE by anyone without the role `editor`',
  mistake:
    'denies a DELETE of a version-1 speaker only: the learner still deletes talks, and anything under /v2',
  edits: [
    {
      file: 'src/auth/onlyEditorsDelete.ts',
      find: "event.privilege === 'DELETE' &&",
      replace:
        "event.privilege === 'DELETE' && event.resource === 'Conference.V1.Speaker::entity' &&",
    },
  ],
  hint: 8,
} satisfies LessonMutant;
