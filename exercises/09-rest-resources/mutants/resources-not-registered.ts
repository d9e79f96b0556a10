import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`registerConfiguredResources(app, container)` reads it and registers every resource.',
  mistake:
    'writes the resources and their configuration but never registers them: /speaker and /talk have no routes',
  edits: [
    {
      file: 'src/app.ts',
      find: '  registerConfiguredResources(app, container);\n',
      replace: '',
    },
    {
      file: 'src/app.ts',
      find: "import { registerConfiguredResources } from 'hyperpipe/rest';\n",
      replace: '',
    },
  ],
  hint: 10,
} satisfies LessonMutant;
