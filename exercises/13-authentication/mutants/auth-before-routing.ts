import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Before routing they could not know the resource',
  mistake:
    'pipes the two middlewares as an entry of their own before routing, where no route names the resource the rules speak of',
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "        ApplicationFactory.ROUTING_MIDDLEWARE,\n        'AuthenticationMiddleware',\n        'AuthorizationMiddleware',\n",
      replace: '        ApplicationFactory.ROUTING_MIDDLEWARE,\n',
    },
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "    versioning: { middleware: 'Versioning', priority: 10 },\n",
      replace:
        "    versioning: { middleware: 'Versioning', priority: 10 },\n    auth: { middleware: ['AuthenticationMiddleware', 'AuthorizationMiddleware'], priority: 5 },\n",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
