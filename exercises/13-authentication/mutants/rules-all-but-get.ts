import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Rules name only the methods that need an identity, so GETs (and HEADs with them) stay public.',
  mistake:
    'names HEAD among the writes, which would refuse an anonymous HEAD that GET answers: the application refuses to start',
  edits: [
    {
      file: 'config/autoload/authentication.global.ts',
      find: "const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];",
      replace: "const WRITES = ['HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
