import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'the id restricted to positive integers by a token.',
  mistake:
    'leaves the token off /speaker/{speaker_id}, so Number() reads /speaker/0x7, /speaker/7.0 and /speaker/1e0 as speaker 7 or 1',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "      options: { tokens: { speaker_id: '[1-9]\\\\d{0,14}' } },\n",
      replace: '',
    },
  ],
  hint: 14,
} satisfies LessonMutant;
