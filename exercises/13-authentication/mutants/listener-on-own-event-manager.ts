import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "Listeners attach to `app.events`, which the container's `EventManager` gives the application.",
  mistake:
    'attaches the listener to an EventManager of its own, which the authorization middleware never triggers, so the learner may delete',
  edits: [
    {
      file: 'src/app.ts',
      find: "import { Application, createContainer, loadConfig } from 'hyperpipe';",
      replace:
        "import { Application, createContainer, EventManager, loadConfig } from 'hyperpipe';",
    },
    {
      file: 'src/app.ts',
      find: 'app.events.on(AuthEvents.AUTHORIZATION, onlyEditorsDelete);',
      replace: 'new EventManager().on(AuthEvents.AUTHORIZATION, onlyEditorsDelete);',
    },
  ],
  hint: 8,
} satisfies LessonMutant;
