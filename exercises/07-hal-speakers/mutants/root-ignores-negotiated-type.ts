import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Answer through `response`, the prototype `HomeHandler` handed on: its content type, the one the client asked for, wins over `HAL_MEDIA_TYPE`, so a JSON client gets `application/json`.',
  mistake:
    'answers the root with a Response of its own, always application/hal+json: a client that asked for application/json gets a type it did not ask for',
  edits: [
    {
      file: 'src/root/ApiRoot.ts',
      find: 'return json(root, response, HAL_MEDIA_TYPE);',
      replace: "return json(root, { headers: { vary: 'Accept' } }, HAL_MEDIA_TYPE);",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
