import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'placeholders are written `{name}`',
  mistake:
    "writes the placeholder Express's way, '/hello/:name', which the router refuses: the application does not start",
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "path: '/hello/{name}',",
      replace: "path: '/hello/:name',",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
