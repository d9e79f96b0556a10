import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`ProblemMiddleware` without a `path` renders every error as `application/problem+json`;',
  mistake:
    "keeps the /timezone path of step 05 on the problem middleware, so the speakers' errors are no problems",
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "problems: { middleware: 'ProblemMiddleware', error: true, priority: -100 },",
      replace:
        "problems: { path: '/timezone', middleware: 'ProblemMiddleware', error: true, priority: -100 },",
    },
  ],
  hint: 5,
} satisfies LessonMutant;
