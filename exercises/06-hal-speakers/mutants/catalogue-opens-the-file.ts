import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'the handlers reach the catalogue through the `Catalogue` service, which opens the `Database` service',
  mistake:
    'lets the Catalogue factory open the configured file itself instead of using the Database service, so the catalogue createApp is given goes unused',
  edits: [
    {
      file: 'config/autoload/dependencies.global.ts',
      find: "          () => container.get('Database') as Database.Database,",
      replace: '          () => openCheckedCatalogue(databasePath(container)),',
    },
    {
      file: 'config/autoload/dependencies.global.ts',
      find: "import type Database from 'better-sqlite3';\n",
      replace: '',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
