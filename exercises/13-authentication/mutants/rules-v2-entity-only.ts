import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'needs rules for its entities and for its collection',
  mistake:
    "gives version 2's speakers rules for their entities only, so anyone may POST /v2/speaker",
  edits: [
    {
      file: 'config/autoload/authentication.global.ts',
      find: "    'Conference.V2.Speaker': writesNeedIdentity,",
      replace: "    'Conference.V2.Speaker': { entity: WRITES },",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
