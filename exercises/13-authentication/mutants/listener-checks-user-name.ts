import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a role, not a user name',
  mistake:
    'lets the user named editor delete, rather than whoever has the role: a role given to another user changes nothing',
  edits: [
    {
      file: 'src/auth/onlyEditorsDelete.ts',
      find: "!event.identity.hasRole('editor')",
      replace: "event.identity.name !== 'editor'",
    },
  ],
  hint: 8,
} satisfies LessonMutant;
