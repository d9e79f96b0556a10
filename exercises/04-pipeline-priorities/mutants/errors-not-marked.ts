import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`error: true` marks an entry given by service name as error middleware.',
  mistake:
    'leaves error: true out of the JsonErrors entry, so the pipeline takes it for ordinary middleware',
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "errors: { middleware: 'JsonErrors', error: true, priority: -100 },",
      replace: "errors: { middleware: 'JsonErrors', priority: -100 },",
    },
  ],
  hint: 6,
} satisfies LessonMutant;
