import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`authentication: false` matters',
  mistake:
    'routes POST /oauth without authentication: false, so the Basic header of the client workshop is checked against the users and refused',
  edits: [
    {
      file: 'config/autoload/authentication.global.ts',
      find: '      options: { authentication: false },\n',
      replace: '',
    },
  ],
  hint: 4,
} satisfies LessonMutant;
