import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'A client that asks for version 2 by media type sends only `Accept: application/vnd.conference.v2+json` and follows the links it is given',
  mistake:
    "registers /v2/talk but keeps version 1's talks in version 2's speaker entry, so a v2 speaker links to /v1/talk/{id}, a 406 to that Accept",
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "      embedded: { talks: 'TalkV2' },\n      linked: { talks: 'TalkV2' },",
      replace: "      embedded: { talks: 'Talk' },\n      linked: { talks: 'Talk' },",
    },
  ],
  hint: 13,
} satisfies LessonMutant;
