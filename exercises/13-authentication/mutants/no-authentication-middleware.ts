import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Without `AuthenticationMiddleware` nobody reads the credentials at all',
  mistake:
    'pipes only AuthorizationMiddleware, so nobody reads the credentials and every request is a guest',
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "        'AuthenticationMiddleware',\n",
      replace: '',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
