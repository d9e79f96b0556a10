import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "A request body may be `application/vnd.conference.v1+json` or `application/json`, and nothing else: that is the entry's `contentTypes` list.",
  mistake:
    'replaces application/json by the vendor type in contentTypes, so plain JSON bodies are a 415',
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: 'contentTypes: [vendor, json],',
      replace: 'contentTypes: [vendor],',
    },
  ],
  hint: 5,
} satisfies LessonMutant;
