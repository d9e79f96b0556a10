import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'after dispatch the write would be done',
  mistake:
    'pipes the two middlewares after dispatch, which answers every routed request before they run',
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "        'AuthenticationMiddleware',\n        'AuthorizationMiddleware',\n        ApplicationFactory.DISPATCH_MIDDLEWARE,\n",
      replace:
        "        ApplicationFactory.DISPATCH_MIDDLEWARE,\n        'AuthenticationMiddleware',\n        'AuthorizationMiddleware',\n",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
