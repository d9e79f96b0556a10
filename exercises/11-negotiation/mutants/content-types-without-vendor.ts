import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "A request body may be `application/vnd.conference.v1+json` or `application/json`, and nothing else: that is the entry's `contentTypes` list.",
  mistake: 'adds the vendor type to accept only, so a body of the vendor type is a 415',
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: 'contentTypes: [vendor, json],',
      replace: 'contentTypes: [json],',
    },
  ],
  hint: 5,
} satisfies LessonMutant;
