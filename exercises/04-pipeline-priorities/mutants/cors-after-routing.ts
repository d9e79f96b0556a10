import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'middleware that must run before routing (common response headers such as CORS) takes a priority above 1',
  mistake:
    'gives CORS priority 0, below routing, so what routing throws and what the mounts answer never get the header',
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "cors: { middleware: 'Cors', priority: 100 },",
      replace: "cors: { middleware: 'Cors', priority: 0 },",
    },
  ],
  hint: 4,
} satisfies LessonMutant;
