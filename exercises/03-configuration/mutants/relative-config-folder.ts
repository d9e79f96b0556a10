import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'A relative folder is read from the working directory of the process, not from the file that names it',
  mistake:
    "passes loadConfig the relative path 'config/autoload', as in loadConfig's doc comment, so it only works when started from the project's folder",
  edits: [
    {
      file: 'src/app.ts',
      find: 'createContainer(await loadConfig(CONFIG_FOLDER))',
      replace: "createContainer(await loadConfig('config/autoload'))",
    },
  ],
  hint: 3,
} satisfies LessonMutant;
