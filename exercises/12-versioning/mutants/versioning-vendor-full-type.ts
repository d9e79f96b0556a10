import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a `Versioning` over that router (vendor `conference`, default version 1)',
  mistake:
    "gives Versioning the vendor as it appears in the type, 'vnd.conference', so it never recognises the v2 type",
  edits: [
    {
      file: 'config/autoload/dependencies.global.ts',
      find: "vendor: 'conference',",
      replace: "vendor: 'vnd.conference',",
    },
  ],
  hint: 4,
} satisfies LessonMutant;
