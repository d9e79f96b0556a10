import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Rules name only the methods that need an identity, so GETs (and HEADs with them) stay public.',
  mistake: 'lists GET with the writes, so a guest can no longer read the conference',
  edits: [
    {
      file: 'config/autoload/authentication.global.ts',
      find: "const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];",
      replace: "const WRITES = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
