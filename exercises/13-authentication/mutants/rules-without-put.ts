import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'naming every write: `POST`, `PUT`, `PATCH` and `DELETE`',
  mistake: 'lists POST, PATCH and DELETE as the writes, so anyone may PUT /speaker/1',
  edits: [
    {
      file: 'config/autoload/authentication.global.ts',
      find: "const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];",
      replace: "const WRITES = ['POST', 'PATCH', 'DELETE'];",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
