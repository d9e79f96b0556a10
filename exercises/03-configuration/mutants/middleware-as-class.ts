import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "Give each route's `middleware` as a string, the name of a service",
  mistake:
    'imports PingHandler into the routes file and gives the route an instance instead of its service name',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "{ path: '/ping', middleware: 'PingHandler',",
      replace: "{ path: '/ping', middleware: new PingHandler(),",
    },
    {
      file: 'config/autoload/routes.global.ts',
      find: '// Routes as data.',
      replace:
        "import { PingHandler } from '../../src/handlers/PingHandler.ts';\n\n// Routes as data.",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
