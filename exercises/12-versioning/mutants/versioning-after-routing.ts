import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`config/autoload/pipeline.global.ts`: `Versioning` at priority 10, after the mounted applications and before routing.',
  mistake: 'pipes Versioning at priority 0, after routing has already failed to find /speaker',
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "versioning: { middleware: 'Versioning', priority: 10 },",
      replace: "versioning: { middleware: 'Versioning', priority: 0 },",
    },
  ],
  hint: 4,
} satisfies LessonMutant;
