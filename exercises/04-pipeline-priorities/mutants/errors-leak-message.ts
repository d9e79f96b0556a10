import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'never the message of what was thrown',
  mistake:
    'answers every error with its own message, so a 500 tells the client what went wrong inside the server',
  edits: [
    {
      file: 'src/middleware/jsonErrors.ts',
      find: "const message = status < 500 ? (error as Error).message : 'Internal Server Error';",
      replace: 'const message = (error as Error).message;',
    },
  ],
  hint: 6,
} satisfies LessonMutant;
