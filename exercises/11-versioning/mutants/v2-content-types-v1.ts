import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "Version 2's `contentTypes` must list the v2 type.",
  mistake: 'versions the accept list but keeps the v1 type in contentTypes, so a v2 body is a 415',
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: 'contentTypes: [vendor, json],',
      replace: "contentTypes: ['application/vnd.conference.v1+json', json],",
    },
  ],
  hint: 4,
} satisfies LessonMutant;
