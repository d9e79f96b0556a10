import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`/hello/{name}` takes letters only.',
  mistake: 'restricts {name} with \\w+, which also matches digits and the underscore',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "options: { tokens: { name: '[A-Za-z]+' } },",
      replace: "options: { tokens: { name: '\\\\w+' } },",
    },
  ],
  hint: 9,
} satisfies LessonMutant;
