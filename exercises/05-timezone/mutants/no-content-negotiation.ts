import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "Put a `ContentNegotiation` before the handler, in a list that is the route's `middleware`",
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
  hint: 4,
} satisfies LessonMutant;
