import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a `500` whose `error` says `Internal Server Error`',
  mistake:
    'answers a 500 with a text of its own, "Something went wrong", instead of its status text',
  edits: [
    {
      file: 'src/middleware/jsonErrors.ts',
      find: "const message = status < 500 ? (error as Error).message : 'Internal Server Error';",
      replace: "const message = status < 500 ? (error as Error).message : 'Something went wrong';",
    },
  ],
  hint: 6,
} satisfies LessonMutant;
