import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'It runs after CORS, so that its refusals carry the CORS header as every other answer does.',
  mistake:
    'pipes Versioning first of all, at priority 200: its 406 and 415 are thrown before CORS sets its header, and a browser page cannot read them',
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "versioning: { middleware: 'Versioning', priority: 10 },",
      replace: "versioning: { middleware: 'Versioning', priority: 200 },",
    },
  ],
  hint: 4,
} satisfies LessonMutant;
