import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`GET /talk` and `GET /talk/{talk_id}`, the id a positive integer, as for speakers.',
  mistake:
    'leaves the token off /talk/{talk_id}, so Number() reads /talk/0x3 or /talk/3.0 as talk 3',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "      options: { tokens: { talk_id: '[1-9]\\\\d{0,14}' } },\n",
      replace: '',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
