import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`isTimeZone(value)` whether the value is a known zone.',
  mistake:
    'checks only that the time zone is a string, so "Mars/Olympus_Mons" is answered as valid',
  edits: [
    {
      file: 'src/timezone/TimezoneHandler.ts',
      find: 'if (!isTimeZone(timezone)) {',
      replace: "if (typeof timezone !== 'string') {",
    },
    {
      file: 'src/timezone/TimezoneHandler.ts',
      find: "import { isTimeZone } from './isTimeZone.ts';\n",
      replace: '',
    },
  ],
  hint: 9,
} satisfies LessonMutant;
