import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'at a priority between routing (1) and the JSON errors (-100)',
  mistake:
    'gives ProblemMiddleware a priority below JsonErrors, so the JSON errors render every error first',
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "middleware: 'ProblemMiddleware', error: true, priority: -50 }",
      replace: "middleware: 'ProblemMiddleware', error: true, priority: -150 }",
    },
  ],
  hint: 12,
} satisfies LessonMutant;
