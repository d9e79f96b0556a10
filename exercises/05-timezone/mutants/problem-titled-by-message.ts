import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`validationProblem(messages)` is the 422 `Failed Validation` problem with `validation_messages` by field, then by rule.',
  mistake:
    'builds the 422 problem by hand and puts its message in the title, which belongs to the status',
  edits: [
    {
      file: 'src/timezone/TimezoneHandler.ts',
      find: `      throw validationProblem({
        timezone: {
          timezone: 'The timezone must be a valid IANA time zone name, such as Europe/Paris',
        },
      });`,
      replace: `      throw new ApiProblem(422, 'Failed Validation', {
        title: 'Invalid time zone',
        extensions: {
          validation_messages: { timezone: { timezone: 'Not a valid IANA time zone name' } },
        },
      });`,
    },
    {
      file: 'src/timezone/TimezoneHandler.ts',
      find: "import { validationProblem } from 'hyperpipe/problem';",
      replace: "import { ApiProblem, validationProblem } from 'hyperpipe/problem';",
    },
  ],
  hint: 9,
} satisfies LessonMutant;
