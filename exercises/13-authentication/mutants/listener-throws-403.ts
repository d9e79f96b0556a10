import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'A listener does not pick between them: it calls `deny()`, and the middleware answers a guest with 401 and an identity with 403.',
  mistake:
    'throws a 403 problem itself instead of calling event.deny(), so a guest who deletes gets 403 where the framework would ask for credentials with 401',
  edits: [
    {
      file: 'src/auth/onlyEditorsDelete.ts',
      find: "import type { AuthEvent } from 'hyperpipe/auth';",
      replace:
        "import type { AuthEvent } from 'hyperpipe/auth';\nimport { ApiProblem } from 'hyperpipe/problem';",
    },
    {
      file: 'src/auth/onlyEditorsDelete.ts',
      find: 'event.deny();',
      replace: "throw new ApiProblem(403, 'Only editors may delete');",
    },
  ],
  hint: 8,
} satisfies LessonMutant;
