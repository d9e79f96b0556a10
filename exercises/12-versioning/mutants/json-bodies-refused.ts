import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a plain `application/json` body is taken by both versions',
  mistake:
    "lists only the version's vendor type for bodies, so a plain JSON body to POST /v2/speaker is a 415",
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: '    contentTypes: [vendor, json],',
      replace: '    contentTypes: [vendor],',
    },
  ],
  hint: 7,
} satisfies LessonMutant;
