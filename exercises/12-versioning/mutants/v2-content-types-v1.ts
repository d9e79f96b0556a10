import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "A request body's `Content-Type` names its version too, and it wins over `Accept`",
  mistake: 'versions the accept list but keeps the v1 type in contentTypes, so a v2 body is a 415',
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: 'contentTypes: [vendor, json],',
      replace: "contentTypes: ['application/vnd.conference.v1+json', json],",
    },
  ],
  hint: 7,
} satisfies LessonMutant;
