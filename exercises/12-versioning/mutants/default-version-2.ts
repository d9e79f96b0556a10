import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'An unversioned URL is the default version, 1.',
  mistake:
    'makes the new version the default, so /speaker answers version 2 and /talk finds nothing',
  edits: [
    {
      file: 'config/autoload/dependencies.global.ts',
      find: 'defaultVersion: 1,',
      replace: 'defaultVersion: 2,',
    },
  ],
  hint: 4,
} satisfies LessonMutant;
