import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`src/app.ts`: hand `options.database` to the container as the `Database` service',
  mistake:
    'never hands options.database to the container, so the Database factory opens data/conference.sqlite instead',
  edits: [
    {
      file: 'src/app.ts',
      find: "  if (options.database) container.setService('Database', options.database);\n",
      replace: '',
    },
    {
      file: 'src/app.ts',
      find: 'export async function createApp(options: AppOptions = {})',
      replace: 'export async function createApp(_options: AppOptions = {})',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
