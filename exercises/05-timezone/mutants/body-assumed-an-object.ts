import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "`typeof body === 'object' && body !== null && 'timezone' in body` tells whether the body is an object with a `timezone` to read;",
  mistake:
    'reads body.timezone without checking that the body is an object, so no body or a null body throws a 500',
  edits: [
    {
      file: 'src/timezone/TimezoneHandler.ts',
      find: "typeof body === 'object' && body !== null && 'timezone' in body ? body.timezone : undefined;",
      replace: '(body as Record<string, unknown>).timezone;',
    },
  ],
  hint: 9,
} satisfies LessonMutant;
