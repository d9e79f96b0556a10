import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "A request body may be `application/vnd.conference.v1+json` or `application/json`, and nothing else: that is the entry's `contentTypes` list.",
  mistake:
    'copies the accept list into contentTypes, so bodies claiming application/hal+json are taken',
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: 'contentTypes: [vendor, json],',
      replace: 'contentTypes: [vendor, hal, json],',
    },
  ],
  hint: 5,
} satisfies LessonMutant;
