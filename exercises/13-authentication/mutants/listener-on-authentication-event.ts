import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`authorization` (the rules have spoken; a listener may `deny()`)',
  mistake:
    'attaches the listener to the authentication event, which comes before the identity is known and whose verdict nobody reads',
  edits: [
    {
      file: 'src/app.ts',
      find: 'app.events.on(AuthEvents.AUTHORIZATION, onlyEditorsDelete);',
      replace: 'app.events.on(AuthEvents.AUTHENTICATION, onlyEditorsDelete);',
    },
  ],
  hint: 8,
} satisfies LessonMutant;
