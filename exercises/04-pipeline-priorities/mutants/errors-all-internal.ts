import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`405`, `Allow: GET,HEAD`, JSON `{ "status": 405, "error": "Method Not Allowed" }`',
  mistake:
    'keeps every message out of the answer, the 405 one too, so a 405 says "Internal Server Error"',
  edits: [
    {
      file: 'src/middleware/jsonErrors.ts',
      find: "const message = status < 500 ? (error as Error).message : 'Internal Server Error';",
      replace: "const message = 'Internal Server Error';",
    },
  ],
  hint: 6,
} satisfies LessonMutant;
