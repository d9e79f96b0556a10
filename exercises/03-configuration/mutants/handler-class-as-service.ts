import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'A class listed under `services` is handed out as the class itself, never created.',
  mistake:
    'lists the PingHandler class under services, so the container hands out the class itself, which is never created with new',
  edits: [
    {
      file: 'config/autoload/dependencies.global.ts',
      find: 'services: { PostHandler: postHandler },\n    invokables: { HomeHandler, PingHandler },',
      replace:
        'services: { PostHandler: postHandler, PingHandler },\n    invokables: { HomeHandler },',
    },
  ],
  hint: 6,
} satisfies LessonMutant;
