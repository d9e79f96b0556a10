import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'so `/speaker/abc` and `/speaker/07` are no entity URLs',
  mistake:
    'leaves identifierPattern out: any segment reaches fetch, and Number("07") finds speaker 7 at a second URL',
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "  identifierPattern: '[1-9]\\\\d{0,14}',\n",
      replace: '',
    },
  ],
  hint: 7,
} satisfies LessonMutant;
