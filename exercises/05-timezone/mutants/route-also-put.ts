import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'the router answers every other method with a 405 whose `Allow` lists exactly GET, HEAD and POST',
  mistake:
    'lists PUT in the allowed_methods of /timezone as well, so PUT /timezone is answered with the zone',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "      allowed_methods: ['GET', 'POST'],\n      name: 'timezone',",
      replace: "      allowed_methods: ['GET', 'POST', 'PUT'],\n      name: 'timezone',",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
