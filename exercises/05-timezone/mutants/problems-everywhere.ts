import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'restricted to `/timezone`',
  mistake:
    'adds ProblemMiddleware without a path, so it also takes over the errors of every other route from step 04',
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "problems: { path: '/timezone', middleware: 'ProblemMiddleware',",
      replace: "problems: { middleware: 'ProblemMiddleware',",
    },
  ],
  hint: 12,
} satisfies LessonMutant;
