import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "reads the merged configuration from the container's `config` service",
  mistake:
    "asks the container for a 'greeting' service, as if each configuration key were a service",
  edits: [
    {
      file: 'config/autoload/dependencies.global.ts',
      find: "new HelloHandler((container.get('config') as { greeting: string }).greeting),",
      replace: "new HelloHandler(container.get('greeting') as string),",
    },
  ],
  hint: 6,
} satisfies LessonMutant;
