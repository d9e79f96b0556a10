import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`200`, JSON `{ "ack": <the current Unix time in whole seconds> }`',
  mistake: 'answers Date.now() as it is, which counts milliseconds',
  edits: [
    {
      file: 'src/app.ts',
      find: 'json({ ack: Math.floor(Date.now() / 1000) })',
      replace: 'json({ ack: Date.now() })',
    },
  ],
  hint: 4,
} satisfies LessonMutant;
