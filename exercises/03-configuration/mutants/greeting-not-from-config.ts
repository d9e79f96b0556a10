import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'provided the factory of `HelloHandler` reads `greeting` from the `config` service',
  mistake:
    "registers HelloHandler with a factory that passes it 'Hello' instead of the configured greeting",
  edits: [
    {
      file: 'config/autoload/dependencies.global.ts',
      find: "HelloHandler: (container: Container) =>\n        new HelloHandler((container.get('config') as { greeting: string }).greeting),",
      replace: "HelloHandler: (_container: Container) => new HelloHandler('Hello'),",
    },
  ],
  hint: 6,
} satisfies LessonMutant;
