import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Every name a route uses must be a service in `dependencies`.',
  mistake:
    "registers postHandler under its own name, postHandler, while the route names 'PostHandler'",
  edits: [
    {
      file: 'config/autoload/dependencies.global.ts',
      find: 'services: { PostHandler: postHandler }',
      replace: 'services: { postHandler }',
    },
  ],
  hint: 6,
} satisfies LessonMutant;
