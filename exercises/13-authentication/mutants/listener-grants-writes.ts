import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'A listener only ever takes away: it calls `deny()`, and never sets `authorized` itself, which would let through what the rules refused.',
  mistake:
    'sets event.authorized to its own verdict instead of only denying, so it lets through the anonymous writes the rules refused',
  edits: [
    {
      file: 'src/auth/onlyEditorsDelete.ts',
      find: "if (event.privilege === 'DELETE' && !event.identity.hasRole('editor')) event.deny();",
      replace:
        "event.authorized = event.privilege !== 'DELETE' || event.identity.hasRole('editor');",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
