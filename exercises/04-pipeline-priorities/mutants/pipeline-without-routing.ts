import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Once a pipeline is configured, it must place routing and dispatch itself',
  mistake:
    'configures CORS, the mounts and the errors but no routing entry, so no route answers any more',
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: '    routing: {\n      middleware: [ApplicationFactory.ROUTING_MIDDLEWARE, ApplicationFactory.DISPATCH_MIDDLEWARE],\n      priority: 1,\n    },\n',
      replace: '',
    },
  ],
  hint: 11,
} satisfies LessonMutant;
