import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "The route goes in `routes.global.ts`, with `allowed_methods: ['GET', 'POST']`",
  mistake: 'copies the GET-only routes above it, so the router answers POST /timezone with a 405',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "      allowed_methods: ['GET', 'POST'],\n      name: 'timezone',",
      replace: "      allowed_methods: ['GET'],\n      name: 'timezone',",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
