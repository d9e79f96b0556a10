import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "A response can take the vendor type `application/vnd.conference.v1+json`, beside `application/hal+json` and `application/json`: that is the entry's `accept` list.",
  mistake: 'adds the vendor type to contentTypes only, believing one list serves both directions',
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: 'accept: [vendor, hal, json],',
      replace: 'accept: [hal, json],',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
