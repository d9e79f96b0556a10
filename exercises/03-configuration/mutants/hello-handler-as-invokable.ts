import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`HelloHandler` needs a constructor argument, the `greeting` of the configuration, so it takes a factory',
  mistake:
    'lists HelloHandler among the invokables with the other classes, so it is created with no greeting at all',
  edits: [
    {
      file: 'config/autoload/dependencies.global.ts',
      find: "invokables: { HomeHandler, PingHandler },\n    factories: {\n      HelloHandler: (container: Container) =>\n        new HelloHandler((container.get('config') as { greeting: string }).greeting),\n    },",
      replace: 'invokables: { HomeHandler, PingHandler, HelloHandler },',
    },
    {
      file: 'config/autoload/dependencies.global.ts',
      find: "import type { Container } from 'hyperpipe';\n",
      replace: '',
    },
  ],
  hint: 6,
} satisfies LessonMutant;
