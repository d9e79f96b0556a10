import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`Date.now()` counts milliseconds: divide by 1000, then round down, so that no fraction is left.',
  mistake: 'rounds up with Math.ceil, so ack is almost always one second ahead of the clock',
  edits: [
    {
      file: 'src/app.ts',
      find: 'json({ ack: Math.floor(Date.now() / 1000) })',
      replace: 'json({ ack: Math.ceil(Date.now() / 1000) })',
    },
  ],
  hint: 4,
} satisfies LessonMutant;
