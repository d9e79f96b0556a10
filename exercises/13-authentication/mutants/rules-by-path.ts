import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'per rest service name (the key of its `rest` entry)',
  mistake:
    'keys the rules by URL path instead of by rest service name, so they name no resource and every write stays public',
  edits: [
    {
      file: 'config/autoload/authentication.global.ts',
      find: `    'Conference.V1.Speaker': writesNeedIdentity,
    'Conference.V1.Talk': writesNeedIdentity,
    'Conference.V2.Speaker': writesNeedIdentity,`,
      replace: `    '/speaker': writesNeedIdentity,
    '/talk': writesNeedIdentity,
    '/v2/speaker': writesNeedIdentity,`,
    },
  ],
  hint: 1,
} satisfies LessonMutant;
