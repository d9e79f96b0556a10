import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '(`\\d+` lets `007` and `0` through)',
  mistake:
    'restricts speaker_id to digits, \\d+, so /speaker/007 answers speaker 7 at a URL that is not theirs',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "options: { tokens: { speaker_id: '[1-9]\\\\d{0,14}' } },",
      replace: "options: { tokens: { speaker_id: '\\\\d+' } },",
    },
  ],
  hint: 14,
} satisfies LessonMutant;
