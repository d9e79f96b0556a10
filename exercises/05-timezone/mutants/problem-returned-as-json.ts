import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Invalid input is thrown, not returned',
  mistake:
    'returns the problem as a plain JSON response with status 422 instead of throwing it, so it is not application/problem+json',
  edits: [
    {
      file: 'src/timezone/TimezoneHandler.ts',
      find: `      throw validationProblem({
        timezone: {
          timezone: 'The timezone must be a valid IANA time zone name, such as Europe/Paris',
        },
      });`,
      replace: `      const problem = validationProblem({
        timezone: {
          timezone: 'The timezone must be a valid IANA time zone name, such as Europe/Paris',
        },
      });
      return json(problem.toJSON(), { status: 422 });`,
    },
  ],
  hint: 9,
} satisfies LessonMutant;
