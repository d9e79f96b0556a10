import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "The identity's roles come from `authentication.roles`",
  mistake: 'leaves out the roles, so the user editor is authenticated but has no role editor',
  edits: [
    {
      file: 'config/autoload/authentication.global.ts',
      find: "    roles: { editor: ['editor'] },\n",
      replace: '',
    },
  ],
  hint: 5,
} satisfies LessonMutant;
