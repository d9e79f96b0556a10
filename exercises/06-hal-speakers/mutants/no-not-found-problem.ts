import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`NotFoundProblemMiddleware`, low in the pipeline, answers the requests nothing else answered with a `404` problem.',
  mistake:
    "registers NotFoundProblem but leaves it out of the pipeline, so an unknown path gets the final handler's plain-text 404",
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "    notFound: { middleware: 'NotFoundProblem', priority: -50 },\n",
      replace: '',
    },
  ],
  hint: 5,
} satisfies LessonMutant;
