import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`isMap(body)` (from `hyperpipe`) tells whether the body is an object to read `timezone` from;',
  mistake:
    'reads body.timezone without checking that the body is an object, so no body or a null body throws a 500',
  edits: [
    {
      file: 'src/timezone/TimezoneHandler.ts',
      find: 'const timezone = isMap(body) ? body.timezone : undefined;',
      replace: 'const timezone = (body as Record<string, unknown>).timezone;',
    },
    { file: 'src/timezone/TimezoneHandler.ts', find: '  isMap,\n', replace: '' },
  ],
  hint: 4,
} satisfies LessonMutant;
