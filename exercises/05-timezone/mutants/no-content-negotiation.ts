import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'The body is not read by the handler itself. Put a `ContentNegotiation` before it, in a list, and read what it parsed:',
  mistake:
    'routes /timezone straight to the TimezoneHandler, with no ContentNegotiation to parse the body',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: `      middleware: [
        new ContentNegotiation({
          accept: ['application/json'],
          contentTypes: ['application/json', 'application/x-www-form-urlencoded'],
        }),
        'TimezoneHandler',
      ],`,
      replace: `      middleware: 'TimezoneHandler',`,
    },
    {
      file: 'config/autoload/routes.global.ts',
      find: "import { ContentNegotiation } from 'hyperpipe/negotiation';\n\n",
      replace: '',
    },
  ],
  hint: 2,
} satisfies LessonMutant;
