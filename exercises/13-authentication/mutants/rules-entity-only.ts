import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'needs rules for its entities and for its collection',
  mistake: 'protects entity URLs only, so an anonymous POST /speaker creates a speaker',
  edits: [
    {
      file: 'config/autoload/authentication.global.ts',
      find: 'const writesNeedIdentity = { entity: WRITES, collection: WRITES };',
      replace: 'const writesNeedIdentity = { entity: WRITES };',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
