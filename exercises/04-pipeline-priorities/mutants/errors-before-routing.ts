import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'error middleware takes a priority below 1',
  mistake:
    'gives the error middleware a high priority, as for CORS, so it runs before routing and never sees what routing throws',
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "errors: { middleware: 'JsonErrors', error: true, priority: -100 },",
      replace: "errors: { middleware: 'JsonErrors', error: true, priority: 100 },",
    },
  ],
  hint: 6,
} satisfies LessonMutant;
