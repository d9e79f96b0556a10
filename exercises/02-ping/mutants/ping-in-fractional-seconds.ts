import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`200`, JSON `{ "ack": <the current Unix time in whole seconds> }`',
  mistake: 'divides Date.now() by 1000 but does not round down, so ack has a fraction',
  edits: [
    {
      file: 'src/app.ts',
      find: 'json({ ack: Math.floor(Date.now() / 1000) })',
      replace: 'json({ ack: Date.now() / 1000 })',
    },
  ],
  hint: 4,
} satisfies LessonMutant;
