import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`Conference.V2.Speaker` (a service of its own)',
  mistake: 'writes rules for the two version 1 services only, so anyone may PUT /v2/speaker/1',
  edits: [
    {
      file: 'config/autoload/authentication.global.ts',
      find: "    'Conference.V2.Speaker': writesNeedIdentity,\n",
      replace: '',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
