import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'every write route of both resources takes both, `POST` and `PATCH` on talks as on speakers',
  mistake:
    'gives the talks their own contentTypes, the vendor type alone: a JSON body to POST /talk is a 415',
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "    'Conference.V1.Talk': {\n      ...shared,\n",
      replace: "    'Conference.V1.Talk': {\n      ...shared,\n      contentTypes: [vendor],\n",
    },
  ],
  hint: 5,
} satisfies LessonMutant;
