import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'an order that matters is written as a priority, never as a position',
  mistake:
    'lists CORS first but gives it no priority, so it takes the default 1 and the mounts at 10 answer before it',
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "cors: { middleware: 'Cors', priority: 100 },",
      replace: "cors: { middleware: 'Cors' },",
    },
  ],
  hint: 4,
} satisfies LessonMutant;
