import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a positive integer without a leading zero, so `/talk/03`, `/talk/0x3` and `/talk/3.0` are no route',
  mistake: 'restricts talk_id to digits, \\d+, so /talk/03 answers talk 3 at a second URL',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "options: { tokens: { talk_id: '[1-9]\\\\d{0,14}' } },",
      replace: "options: { tokens: { talk_id: '\\\\d+' } },",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
