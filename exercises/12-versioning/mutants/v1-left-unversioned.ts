import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Move the speaker and talk resources to `/v1/speaker` and `/v1/talk`',
  mistake:
    'leaves version 1 of the speakers at /speaker, since unversioned URLs are version 1 anyway',
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "      path: '/v1/speaker',",
      replace: "      path: '/speaker',",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
