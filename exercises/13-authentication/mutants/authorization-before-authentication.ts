import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'authentication comes first, since authorization decides on the identity it found.',
  mistake:
    'pipes AuthorizationMiddleware before AuthenticationMiddleware, so authorization always sees a guest',
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "        'AuthenticationMiddleware',\n        'AuthorizationMiddleware',\n",
      replace: "        'AuthorizationMiddleware',\n        'AuthenticationMiddleware',\n",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
