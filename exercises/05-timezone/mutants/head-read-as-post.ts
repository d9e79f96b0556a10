import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'A `HEAD` asks for what a `GET` answers, without the body, so test for POST rather than for GET.',
  mistake:
    'answers the zone when the method is GET and reads a body otherwise, so HEAD /timezone is a 422',
  edits: [
    {
      file: 'src/timezone/TimezoneHandler.ts',
      find: "if (request.method !== 'POST') {",
      replace: "if (request.method === 'GET') {",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
