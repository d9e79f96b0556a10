import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`config/autoload/pipeline.global.ts`: `ProblemMiddleware` as error middleware for the path `/timezone`, before the JSON errors of step 04.',
  mistake:
    'registers ProblemMiddleware as a service but never puts it in the pipeline, so step 04 JSON errors render the problems',
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "    problems: { path: '/timezone', middleware: 'ProblemMiddleware', error: true, priority: -50 },\n",
      replace: '',
    },
  ],
  hint: 12,
} satisfies LessonMutant;
