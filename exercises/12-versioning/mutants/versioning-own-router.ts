import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "To ask, it needs the application's own router, which a shared `Router` service gives both.",
  mistake:
    'builds Versioning over a new FindMyWayRouter of its own, which holds none of the routes',
  edits: [
    {
      file: 'config/autoload/dependencies.global.ts',
      find: "new Versioning(container.get('Router') as FindMyWayRouter, {",
      replace: 'new Versioning(new FindMyWayRouter(), {',
    },
    {
      file: 'config/autoload/dependencies.global.ts',
      find: 'Versioning: (container: Container) =>',
      replace: 'Versioning: () =>',
    },
  ],
  hint: 4,
} satisfies LessonMutant;
